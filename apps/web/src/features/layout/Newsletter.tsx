import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The newsletter box. The subscription service (with its captcha) is not built yet, so a valid address gets an
 * honest "not available yet" rather than a pretend success.
 */
export function Newsletter() {
  const { t } = useTranslation();
  const [unavailable, setUnavailable] = useState(false);
  return (
    <div className="newsletter">
      <h2 id="newsletter-title" className="footer-heading">
        {t('footer.newsletter')}
      </h2>
      <p>{t('footer.newsletterText')}</p>
      <Form<{ email: string }>
        name="newsletter"
        layout="inline"
        aria-labelledby="newsletter-title"
        onFinish={() => setUnavailable(true)}
        onValuesChange={() => setUnavailable(false)}
        className="newsletter-form"
      >
        <Form.Item
          name="email"
          rules={[
            { required: true, message: t('footer.invalidEmail') },
            { type: 'email', message: t('footer.invalidEmail') },
          ]}
          className="newsletter-email"
        >
          <Input type="email" autoComplete="email" aria-label={t('footer.newsletterEmail')} placeholder="name@example.org" dir="ltr" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('footer.subscribe')}
        </Button>
      </Form>
      {unavailable && <Alert type="info" showIcon title={t('footer.newsletterUnavailable')} role="status" className="newsletter-note" />}
    </div>
  );
}
