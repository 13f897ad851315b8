import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongEnough, meetsAllRules } from './passwordStrength';
import { PasswordChecklist } from './PasswordChecklist';

interface Props {
  /** The form field of the new password ('newPassword' on /change-password, 'password' elsewhere). */
  name: string;
  confirmName?: string;
  label: string;
  confirmLabel: string;
  /** The user's own words (name, email): a password made of them scores lower on the meter. */
  userInputs?: readonly string[];
  /** A field the new password must differ from (the current password on /change-password). */
  differentFrom?: string;
}

/**
 * A new password and its confirmation, inside an antd Form: both required ('Please input Password'), the five rules
 * shown live under the password with the strength meter, and submit blocked until the rules pass, the password is
 * strong enough for the server (Good or better, not a common one) and both match.
 */
export function PasswordFields({
  name,
  confirmName = 'confirmPassword',
  label,
  confirmLabel,
  userInputs,
  differentFrom,
}: Props) {
  const { t } = useTranslation();
  const password = (Form.useWatch(name) as string | undefined) ?? '';
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        dependencies={differentFrom ? [differentFrom] : undefined}
        extra={<PasswordChecklist password={password} userInputs={userInputs} />}
        rules={[
          { required: true, message: t('profile.password.required') },
          {
            validator: (_, value: string | undefined) =>
              !value || meetsAllRules(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.password.weak'))),
          },
          {
            // The server refuses a password below Good or on the common list; so does the form, before sending.
            // If the estimator cannot be loaded, the server's answer still says so.
            validator: async (_, value: string | undefined) => {
              if (!value || !meetsAllRules(value)) return;
              const strong = await isStrongEnough(value, userInputs).catch(() => true);
              if (!strong) throw new Error(t('errors.PASSWORD_TOO_WEAK'));
            },
          },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || !differentFrom || getFieldValue(differentFrom) !== value
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.password.sameAsOld'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name={confirmName}
        dependencies={[name]}
        rules={[
          { required: true, message: t('profile.password.required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
