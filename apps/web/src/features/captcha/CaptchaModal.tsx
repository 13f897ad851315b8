import type { ReactNode } from 'react';
import { Alert, Button, Modal, Progress } from 'antd';
import { CheckCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { backofficeErrorText } from '../backoffice/messages';
import type { useCaptcha } from './useCaptcha';
import './captcha.css';

interface Props {
  open: boolean;
  title: string;
  /** What the visitor is confirming (e.g. the address to subscribe). */
  children?: ReactNode;
  confirmLabel: string;
  captcha: ReturnType<typeof useCaptcha>;
  /** Called with the captcha-response header once the captcha is solved and the visitor confirms. */
  onConfirm: (captchaResponse: string) => void;
  onCancel: () => void;
  /** The call that sends what the visitor confirmed: the confirm button waits for it, and says why it failed. */
  sending: { isPending: boolean; isError: boolean; error: unknown };
}

/**
 * A dialog with a proof-of-work captcha: the visitor ticks "I am not a robot", the browser solves the challenge
 * (a progress bar shows how far), then the confirm button is enabled.
 */
export function CaptchaModal({ open, title, children, confirmLabel, captcha, onConfirm, onCancel, sending }: Props) {
  const { t } = useTranslation();
  const { state, start } = captcha;
  const solved = state.status === 'solved';
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('newsletter.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!solved}
          loading={sending.isPending}
          onClick={() => solved && onConfirm(state.response)}
        >
          {confirmLabel}
        </Button>,
      ]}
    >
      {children}
      <div className="captcha-box" role="group" aria-label={t('newsletter.captcha.label')}>
        {state.status === 'idle' || state.status === 'failed' ? (
          <Button icon={<SafetyOutlined />} onClick={() => void start()}>
            {t('newsletter.captcha.start')}
          </Button>
        ) : solved ? (
          <p className="captcha-done" role="status">
            <CheckCircleFilled aria-hidden /> {t('newsletter.captcha.verified')}
          </p>
        ) : (
          <div role="status">
            <p className="captcha-working">{t('newsletter.captcha.working')}</p>
            <Progress
              percent={Math.round(state.progress * 100)}
              size="small"
              aria-label={t('newsletter.captcha.progress')}
            />
          </div>
        )}
        <p className="captcha-hint">{t('newsletter.captcha.hint')}</p>
      </div>
      {state.status === 'failed' && (
        <Alert type="error" showIcon title={t('newsletter.captcha.failed')} className="captcha-alert" />
      )}
      {sending.isError && (
        <Alert
          type="error"
          showIcon
          title={backofficeErrorText(sending.error, t)}
          role="alert"
          className="captcha-alert"
        />
      )}
    </Modal>
  );
}
