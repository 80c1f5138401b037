import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation('app');
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>
          <strong>{t('shopName')}</strong> · {t('footer.about')}
        </p>
        <p className="muted">
          © {new Date().getFullYear()} {t('shopName')}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
