import { useState } from 'react';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assignableRoles, needsCountry, type ManagedUser, type Role } from '@portal/shared';
import { backofficeApi } from '../backoffice/api';
import { backofficeErrorText } from '../backoffice/messages';
import { countryLabel } from '../countries/label';
import { useCountries } from '../countries/useCountries';
import { roleLabel } from '../session/roleLabel';
import { useRegionName } from '../session/useRegionName';

interface Props {
  /** The account whose role or country changes. */
  user: ManagedUser;
  /** The signed-in administrator or secretariat: which roles they may give (assignableRoles). */
  actorRole: Role;
  /** Closed, with whether the role or country was changed (the list refetches). */
  onClose: (changed: boolean) => void;
}

/**
 * Change a user's role, and their country for a chief negotiator or a services focal point. The server
 * checks the rules again; a refusal is shown by its code in the dialog, which stays open.
 */
export function ChangeRoleDialog({ user, actorRole, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const regionName = useRegionName();
  const countries = useCountries();
  const [role, setRole] = useState<Role>(user.role);
  /** The country picked in the dialog; until then the user's own. */
  const [countryId, setCountryId] = useState<number | null>(null);
  const currentCountryId = countries.data?.find((c) => c.code === user.countryCode)?.id ?? null;
  const chosenCountry = countryId ?? currentCountryId;
  const withCountry = needsCountry(role);
  const save = useMutation({
    mutationFn: () =>
      backofficeApi.changeUserRole(user.userId, { role, countryId: withCountry ? chosenCountry : null }),
    onSuccess: () => {
      void message.success(t('roleChange.done', { email: user.email }));
      onClose(true);
    },
  });
  const countryOptions = (countries.data ?? [])
    .filter((c) => c.active || c.id === currentCountryId)
    .map((c) => ({ value: c.id, label: countryLabel(c, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

  return (
    <Modal
      open
      title={t('roleChange.title', { name })}
      okText={t('roleChange.save')}
      cancelText={t('backoffice.common.cancel')}
      okButtonProps={{ disabled: withCountry && chosenCountry === null }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{t('roleChange.intro')}</p>
      <Form layout="vertical" component="div">
        <Form.Item label={t('roleChange.role')} htmlFor="role-change-role">
          <Select
            id="role-change-role"
            aria-label={t('roleChange.role')}
            value={role}
            onChange={(next: Role) => setRole(next)}
            options={assignableRoles(actorRole).map((r) => ({
              value: r,
              label: roleLabel(r, t, regionName, i18n.language),
            }))}
          />
        </Form.Item>
        {withCountry && (
          <Form.Item label={t('roleChange.country')} htmlFor="role-change-country">
            <Select
              id="role-change-country"
              aria-label={t('roleChange.country')}
              showSearch
              optionFilterProp="label"
              placeholder={t('roleChange.chooseCountry')}
              loading={countries.isLoading}
              value={chosenCountry ?? undefined}
              onChange={(id: number) => setCountryId(id)}
              options={countryOptions}
            />
          </Form.Item>
        )}
      </Form>
      {save.isError && <Alert type="error" showIcon title={backofficeErrorText(save.error, t)} />}
    </Modal>
  );
}
