import { Suspense, useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, isolateLtr } from '@portal/shared';
import { publicApi } from '../backoffice/api';
import { lazyPage } from '../../app/lazyPage';
import { useCaptcha } from '../captcha/useCaptcha';

// The dialog is fetched when first asked for: every page shows this box, few visitors subscribe.
const CaptchaModal = lazyPage(() => import('../captcha/CaptchaModal').then((m) => ({ default: m.CaptchaModal })));

/**
 * The footer's newsletter box: a valid address, then a captcha solved in a dialog, then the subscription, which the
 * visitor confirms with the link mailed to the address (double opt-in). Under the box, what is kept and why.
 */
export function Newsletter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const [email, setEmail] = useState<string | null>(null);
  // Once opened, the dialog stays mounted so that it closes with its animation.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (email !== null && !dialogUsed) setDialogUsed(true);
  const captcha = useCaptcha();
  const close = () => {
    setEmail(null);
    captcha.reset();
    subscribe.reset();
  };
  const subscribe = useMutation({
    mutationFn: ({ address, response }: { address: string; response: string }) =>
      publicApi.subscribe(address, response),
    onSuccess: (_answer, { address }) => {
      // The spec's message, then what double opt-in asks of the visitor (worded so it never says whether the address
      // was known or already confirmed); left on screen long enough to read.
      void message.success({
        content: (
          <span className="newsletter-subscribed">
            <span>{t('newsletter.subscribed')}</span>
            <span>{t('newsletter.checkMail', { email: isolateLtr(address) })}</span>
          </span>
        ),
        duration: 12,
      });
      form.resetFields();
      close();
    },
    // A captcha is spent by one attempt: a new one is needed to try again.
    onError: () => captcha.reset(),
  });

  return (
    <div className="newsletter">
      <h2 id="newsletter-title" className="footer-heading">
        {t('footer.newsletter')}
      </h2>
      <p>{t('footer.newsletterText')}</p>
      <Form<{ email: string }>
        form={form}
        name="newsletter"
        layout="inline"
        aria-labelledby="newsletter-title"
        onFinish={(values) => setEmail(values.email.trim())}
        className="newsletter-form"
      >
        <Form.Item
          name="email"
          rules={[
            { required: true, message: t('newsletter.invalidEmail') },
            { pattern: EMAIL_PATTERN, message: t('newsletter.invalidEmail') },
          ]}
          className="newsletter-email"
        >
          <Input
            type="email"
            autoComplete="email"
            aria-label={t('footer.newsletterEmail')}
            aria-describedby="newsletter-privacy"
            placeholder="name@example.org"
            dir="ltr"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('footer.subscribe')}
        </Button>
      </Form>
      <p id="newsletter-privacy" className="newsletter-note newsletter-privacy">
        {t('newsletterPrivacy.notice')}
      </p>
      {dialogUsed && (
        <Suspense fallback={null}>
          <CaptchaModal
            open={email !== null}
            title={t('newsletter.modalTitle')}
            confirmLabel={t('newsletter.confirm')}
            captcha={captcha}
            sending={subscribe}
            onCancel={close}
            onConfirm={(response) => email && subscribe.mutate({ address: email, response })}
          >
            <p>{t('newsletter.modalText', { email })}</p>
          </CaptchaModal>
        </Suspense>
      )}
    </div>
  );
}
