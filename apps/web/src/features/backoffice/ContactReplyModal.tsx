import { Alert, App, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@portal/shared';
import { backofficeApi, backofficeKeys } from './api';
import { backofficeErrorText } from './messages';
import { formatDateTime } from '../../i18n/dates';

/** One contact-us message, read in full, with the reply form (the reply is mailed to the sender). */
export function ContactReplyModal({ mail, onClose }: { mail: ContactMessage; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ subject: string; message: string }>();
  const reply = useMutation({
    mutationFn: (values: { subject: string; message: string }) =>
      backofficeApi.replyToContact({
        id: mail.id,
        message: values.message.trim(),
        subject: values.subject.trim() || undefined,
      }),
    onSuccess: () => {
      void message.success(t('backoffice.contact.replySent'));
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.contact() });
      onClose();
    },
  });
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Modal
      open
      width={720}
      title={mail.subject}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('backoffice.common.close')}
        </Button>,
        <Button key="send" type="primary" loading={reply.isPending} onClick={() => form.submit()}>
          {t('backoffice.contact.send')}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item
          label={t('backoffice.contact.columns.from')}
        >{`${mail.firstName} ${mail.lastName}`}</Descriptions.Item>
        <Descriptions.Item label={t('backoffice.contact.columns.email')}>
          <a href={`mailto:${mail.email}`} dir="ltr">
            {mail.email}
          </a>
        </Descriptions.Item>
        {mail.companyName && (
          <Descriptions.Item label={t('backoffice.contact.columns.company')}>{mail.companyName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('backoffice.contact.columns.received')}>{when(mail.createdAt)}</Descriptions.Item>
      </Descriptions>
      <div className="mail-body">{mail.message}</div>
      {mail.reply && (
        <>
          <h3>{t('backoffice.contact.previousReply', { date: mail.repliedAt ? when(mail.repliedAt) : '' })}</h3>
          <div className="mail-body">{mail.reply}</div>
        </>
      )}
      <h3>{t('backoffice.contact.reply')}</h3>
      <Form
        form={form}
        layout="vertical"
        name="contact-reply"
        initialValues={{ subject: `Re: ${mail.subject}`, message: '' }}
        onFinish={(v) => reply.mutate(v)}
      >
        <Form.Item name="subject" label={t('backoffice.contact.replySubject')} rules={[{ max: 300 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('backoffice.contact.replyMessage')}
          rules={[{ required: true, whitespace: true, message: t('backoffice.common.required') }]}
        >
          <Input.TextArea rows={6} maxLength={10_000} />
        </Form.Item>
      </Form>
      {reply.isError && <Alert type="error" showIcon title={backofficeErrorText(reply.error, t)} />}
    </Modal>
  );
}
