import { Card, Col, Row } from 'antd';
import { FileTextOutlined, MessageOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { RegionalLogo } from '../../components/RegionalLogo';
import { useRegionName } from '../../features/session/useRegionName';
import { useSignedIn } from '../../features/session/useSession';

/** The public home page: a welcome in the region's name and what the portal is for. */
export default function HomePage() {
  const { t } = useTranslation();
  const region = useRegionName();
  const signedIn = useSignedIn();
  const features = [
    { icon: <FileTextOutlined />, title: t('home.offersTitle'), text: t('home.offersText') },
    { icon: <MessageOutlined />, title: t('home.negotiationsTitle'), text: t('home.negotiationsText') },
    { icon: <TranslationOutlined />, title: t('home.languagesTitle'), text: t('home.languagesText') },
  ];
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <RegionalLogo size={88} />
        <h1 id="hero-title" className="hero-title">
          {t('home.heroTitle', { region })}
        </h1>
        <p className="hero-text">{t('home.heroText')}</p>
        <ButtonLink to={signedIn ? '/workspace' : '/login'} type="primary" size="large">
          {signedIn ? t('home.goToWorkspace') : t('home.signIn')}
        </ButtonLink>
      </section>
      <section id="about" className="home-about" aria-labelledby="about-title">
        <h2 id="about-title">{t('home.aboutTitle')}</h2>
        <p>{t('home.aboutText', { region })}</p>
        <Row gutter={[24, 24]}>
          {features.map((f) => (
            <Col xs={24} md={8} key={f.title}>
              <Card className="feature-card">
                <span className="feature-icon" aria-hidden>
                  {f.icon}
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
    </>
  );
}
