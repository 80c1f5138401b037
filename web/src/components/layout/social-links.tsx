/** Social links (spec 2 "Header": social icons; spec 1 footer: social links) from the global fields social.*. */
const ICONS: Record<string, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  youtube: 'M22 8.2a3 3 0 0 0-2-2C18.2 6 12 6 12 6s-6.2 0-8 .2a3 3 0 0 0-2 2A31 31 0 0 0 2 12a31 31 0 0 0 .1 3.8 3 3 0 0 0 2 2c1.7.2 7.9.2 7.9.2s6.2 0 8-.2a3 3 0 0 0 2-2A31 31 0 0 0 22 12a31 31 0 0 0-.1-3.8zM10 15V9l5 3z',
};
const NAMES: Record<string, string> = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' };

export function SocialLinks({ fields, className }: { fields: Record<string, string>; className?: string }) {
  const links = Object.keys(ICONS)
    .map((network) => ({ network, href: fields[`social.${network}`] }))
    .filter((l): l is { network: string; href: string } => typeof l.href === 'string' && /^https:\/\//.test(l.href));
  // The list is rendered even while empty, so its reserved width keeps the header still (CLS).
  return (
    <ul className={`social-links${className ? ` ${className}` : ''}`}>
      {links.map(({ network, href }) => (
        <li key={network}>
          <a href={href} rel="noopener noreferrer" target="_blank" aria-label={NAMES[network]}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={ICONS[network]} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
