import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { publicApi } from '../../features/backoffice/api';
import { isEmail, toContactBody, type ContactValues } from '../../features/backoffice/forms';
import { CaptchaModal } from '../../features/captcha/CaptchaModal';
import { useCaptcha } from '../../features/captcha/useCaptcha';
import '../../features/backoffice/backoffice.css';

/**
 * /contact-us — anyone may write to the secretariat; the message lands in the back office's contact-us mailbox.
 * Like the newsletter, the message leaves only after a captcha solved in a dialog; the visitor is mailed an
 * acknowledgement.
 */
export default function ContactUsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  /** The message waiting for its captcha (the dialog is open while it is set). */
  const [pending, setPending] = useState<ContactValues | null>(null);
  const captcha = useCaptcha();
  const send = useMutation({
    mutationFn: ({ values, response }: { values: ContactValues; response: string }) =>
      publicApi.sendContactMessage(toContactBody(values), response),
    onSuccess: () => {
      setPending(null);
      captcha.reset();
    },
    // A captcha is spent by one attempt: a new one is needed to try again.
    onError: () => captcha.reset(),
  });
  const closeCaptcha = () => {
    setPending(null);
    captcha.reset();
    send.reset();
  };
  const required = { required: true, whitespace: true, message: t('contact.required') };

  if (send.isSuccess) {
    return (
      <>
        <PageTitle>{t('routes.contactUs')}</PageTitle>
        <Result
          status="success"
          title={t('contact.sent')}
          subTitle={t('contactCaptcha.acknowledgement', { email: isolateLtr(send.variables.values.email.trim()) })}
          extra={
            <Button
              onClick={() => {
                form.resetFields();
                send.reset();
              }}
            >
              {t('contact.another')}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('routes.contactUs')}</PageTitle>
      <p className="bo-intro">{t('contact.intro')}</p>
      <Form<ContactValues>
        form={form}
        layout="vertical"
        name="contact-us"
        className="contact-form"
        onFinish={(v) => setPending(v)}
      >
        <div className="contact-form-names">
          <Form.Item name="firstName" label={t('contact.firstName')} rules={[required, { max: 100 }]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="lastName" label={t('contact.lastName')} rules={[required, { max: 100 }]}>
            <Input autoComplete="family-name" />
          </Form.Item>
          <Form.Item name="companyName" label={t('contact.companyName')} rules={[{ max: 200 }]}>
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('contact.email')}
            rules={[
              { required: true, message: t('contact.required') },
              {
                validator: (_, v: string) =>
                  !v || isEmail(v) ? Promise.resolve() : Promise.reject(new Error(t('contact.invalidEmail'))),
              },
            ]}
          >
            <Input type="email" autoComplete="email" dir="ltr" />
          </Form.Item>
        </div>
        <Form.Item name="subject" label={t('contact.subject')} rules={[required, { max: 300 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="message" label={t('contact.message')} rules={[required]}>
          <Input.TextArea rows={7} maxLength={10_000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('contact.send')}
        </Button>
      </Form>
      <CaptchaModal
        open={pending !== null}
        title={t('contactCaptcha.modalTitle')}
        confirmLabel={t('contactCaptcha.confirm')}
        captcha={captcha}
        sending={send}
        onCancel={closeCaptcha}
        onConfirm={(response) => pending && send.mutate({ values: pending, response })}
      >
        <p>{t('contactCaptcha.modalText', { subject: pending?.subject.trim() })}</p>
      </CaptchaModal>
    </>
  );
}
