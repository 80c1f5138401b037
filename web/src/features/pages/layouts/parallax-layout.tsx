/**
 * Layout `parallax` (spec 1): a full-width band with the header image fixed behind the title while the page scrolls
 * (a still image when the visitor prefers reduced motion or on a phone), then the text and each item container as
 * its own band, alternating sides.
 */
import { HERO, Hero } from './hero';
import { ContainerItems, LayoutShell, type LayoutProps, otherContainers, PageBody } from './parts';

export default function ParallaxLayout({ page }: LayoutProps) {
  return (
    <LayoutShell layout="parallax">
      <Hero page={page} className="parallax-hero" />
      <div className="parallax-band">
        <PageBody page={page} />
      </div>
      {otherContainers(page, [HERO]).map((name, i) => (
        <section key={name} className={`parallax-band parallax-band--${i % 2 ? 'right' : 'left'}`} data-container={name}>
          <ContainerItems page={page} name={name} itemClassName="parallax-band__item" />
        </section>
      ))}
    </LayoutShell>
  );
}
