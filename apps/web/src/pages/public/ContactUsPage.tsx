import { Alert, Button, Form, Input, Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { publicApi } from '../../features/backoffice/api';
import { isEmail, toContactBody, type ContactValues } from '../../features/backoffice/forms';
import { backofficeErrorText } from '../../features/backoffice/messages';
import '../../features/backoffice/backoffice.css';

/** /contact-us — anyone may write to the secretariat; the message lands in the back office's contact-us mailbox. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  const send = useMutation({
    mutationFn: (values: ContactValues) => publicApi.sendContactMessage(toContactBody(values)),
  });
  const required = { required: true, whitespace: true, message: t('contact.required') };

  if (send.isSuccess) {
    return (
      <>
        <PageTitle>{t('routes.contactUs')}</PageTitle>
        <Result
          status="success"
          title={t('contact.sent')}
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
        onFinish={(v) => send.mutate(v)}
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
        {send.isError && (
          <Alert type="error" showIcon title={backofficeErrorText(send.error, t)} className="form-alert" />
        )}
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('contact.send')}
        </Button>
      </Form>
    </>
  );
}
