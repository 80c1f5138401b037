/**
 * Pieces every layout (spec 1) is built from: the page title and content, item containers and global fields, each
 * rendered through the editable regions (lib/editable/editable.tsx) under its field key, so the in-page editor
 * (spec 4 "Editor") edits them in place; a shopper gets the server's sanitised HTML and nothing else.
 */
import { type ElementType, type ReactNode, useContext } from 'react';
import { useTranslation } from '../../../lib/translation';
import { EditableHtml, EditableText, EditingContext } from '../../../lib/editable/editable';
import { usePageReady } from '../../../lib/page-ready';
import type { ContainerItemView, LayoutName, LayoutPage } from '../api/layout-page';

export interface LayoutProps {
  page: LayoutPage;
}

/** The id of the page's h1: every layout's landmark is labelled by it. */
export const TITLE_ID = 'content-page-title';

/**
 * The layout's outer element: an `<article>` labelled by the title, `data-layout` naming the layout; marks the page
 * live once hydrated (lib/page-ready.ts: the layout is its own lazy chunk, so the mark waits for it).
 */
export function LayoutShell({ layout, className, children }: { layout: LayoutName; className?: string; children: ReactNode }) {
  usePageReady();
  return (
    <article className={`content-page layout-${layout}${className ? ` ${className}` : ''}`} data-layout={layout} aria-labelledby={TITLE_ID}>
      {children}
    </article>
  );
}

/** The page title (`page.title`). */
export function PageTitle({ page, className }: LayoutProps & { className?: string }) {
  const { t } = useTranslation('cms');
  return <EditableText field="page.title" text={page.title} label={t('layouts.titleLabel')} as="h1" id={TITLE_ID} className={className} />;
}

/** The page content (`page.content`): sanitised HTML. */
export function PageBody({ page, className = 'content-page__body' }: LayoutProps & { className?: string }) {
  const { t } = useTranslation('cms');
  return <EditableHtml field="page.content" html={page.content} label={t('layouts.contentLabel')} className={className} />;
}

/** The items of the page's container `name` (`page-container.{name}.{itemId}`), each in its own element. */
export function ContainerItems({ page, name, as = 'div', itemClassName }: LayoutProps & { name: string; as?: ElementType; itemClassName?: string }) {
  const { t } = useTranslation('cms');
  return (
    <>
      {(page.item_containers[name] ?? []).map((item: ContainerItemView) => (
        <EditableHtml key={item.id} field={`page-container.${name}.${item.id}`} html={item.html} label={t('layouts.itemLabel', { name })} as={as} className={itemClassName} />
      ))}
    </>
  );
}

/** The container keys a layout has not placed itself, in the page's order. */
export const otherContainers = (page: LayoutPage, placed: readonly string[]) =>
  Object.keys(page.item_containers).filter((key) => !placed.includes(key) && page.item_containers[key]!.length > 0);

/** Every container not placed by the layout, each as a section of cards. */
export function OtherContainers({ page, placed = [] }: LayoutProps & { placed?: readonly string[] }) {
  return (
    <>
      {otherContainers(page, placed).map((name) => (
        <section key={name} className="layout-cards" data-container={name}>
          <ContainerItems page={page} name={name} itemClassName="layout-card" />
        </section>
      ))}
    </>
  );
}

/** A global field (`global.{name}`) as one line of text. */
export function GlobalText({ name, text, as, className }: { name: string; text: string; as?: ElementType; className?: string }) {
  const { t } = useTranslation('cms');
  return <EditableText field={`global.${name}`} text={text} label={t('layouts.globalLabel', { name })} as={as} className={className} />;
}

/** A link around an editable region, left out while staff edit (a click then edits the text instead of following it). */
export function LinkUnlessEditing({ href, children, ...rest }: { href: string; children: ReactNode; className?: string; target?: string; rel?: string }) {
  if (useContext(EditingContext)?.editing) return <>{children}</>;
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
