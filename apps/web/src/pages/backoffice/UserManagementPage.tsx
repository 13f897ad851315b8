import { useState } from 'react';
import { App, Button, Select, Space, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_STATUSES, assignableRoles, mayChangeAccountOf, type ManagedUser, type Role } from '@portal/shared';
import { formatDay } from '../../i18n/dates';
import { BACKOFFICE_PAGE_SIZE, emailColumn, PagedBackofficeTable } from '../../features/backoffice/BackofficeTable';
import { BackofficeListHead } from '../../features/backoffice/BackofficeListHead';
import { backofficeApi, backofficeKeys, type UserQuery } from '../../features/backoffice/api';
import { backofficeErrorText } from '../../features/backoffice/messages';
import { useCountryOptions } from '../../features/backoffice/useCountryOptions';
import { useDebounced } from '../../features/backoffice/useDebounced';
import { readUserSearch } from '../../features/backoffice/userSearch';
import { useCountries } from '../../features/countries/useCountries';
import { roleLabel } from '../../features/session/roleLabel';
import { useSession } from '../../features/session/useSession';
import { useRegionName } from '../../features/session/useRegionName';
import { ChangeRoleDialog } from '../../features/users/ChangeRoleDialog';
import { ExportButtons } from '../../features/backoffice/ExportButtons';
import { AccountActions } from '../../features/users/AccountActions';
import { InviteUsersDialog } from '../../features/users/InviteUsersDialog';
import { PendingInvitationActions } from '../../features/users/PendingInvitationActions';
import '../../features/backoffice/backoffice.css';
import { useListPage } from '../../features/backoffice/useListPage';

const STATUS_COLOURS: Record<ManagedUser['status'], string> = { ACTIVE: 'green', PENDING: 'gold', DISABLED: 'default' };

/** /backoffice/user-management — every user, searchable and filtered; activate or deactivate (confirmed); invite. */
export default function UserManagementPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const regionName = useRegionName();
  const countries = useCountryOptions();
  const countryList = useCountries();
  const { page, paging, resetting } = useListPage();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Pick<UserQuery, 'role' | 'status' | 'country'>>({});
  const [inviting, setInviting] = useState(false);
  const [changingRole, setChangingRole] = useState<ManagedUser | null>(null);
  const debouncedSearch = useDebounced(search);
  const countryNames = (countryList.data ?? []).map((c) => ({ code: c.code, names: [c.name, c.nameFr, c.nameAr] }));
  const fromSearch = readUserSearch(debouncedSearch, countryNames);
  const query: UserQuery = {
    page,
    size: BACKOFFICE_PAGE_SIZE,
    ...fromSearch,
    ...filters,
    country: filters.country ?? fromSearch.country,
  };
  const users = useQuery({
    queryKey: backofficeKeys.users(query),
    queryFn: ({ signal }) => backofficeApi.users(query, signal),
    placeholderData: keepPreviousData,
  });

  const refreshUsers = () => {
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.users() });
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.dashboard() });
  };
  /** Not one's own account; an administrator's only by an administrator (the server refuses the rest too). */
  const canChangeStatus = (u: ManagedUser) =>
    !!profile && u.userId !== profile.userId && mayChangeAccountOf(profile.role, u.role);

  /** An administrator any account; the secretariat a country's negotiators only (assignableRoles; the server checks). */
  const canChangeRole = (u: ManagedUser) => !!profile && assignableRoles(profile.role).includes(u.role);

  const setStatus = useMutation({
    mutationFn: ({ user, status }: { user: ManagedUser; status: 'ACTIVE' | 'DISABLED' }) =>
      backofficeApi.setUserStatus(user.userId, status),
    onSuccess: () => {
      void message.success(t('backoffice.users.updated'));
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.users() });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.dashboard() });
    },
    onError: (error) => void message.error(backofficeErrorText(error, t)),
  });

  const fullName = (u: ManagedUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');
  const confirmStatus = (user: ManagedUser) => {
    const deactivate = user.status !== 'DISABLED';
    modal.confirm({
      title: deactivate
        ? t('backoffice.users.deactivateTitle', { name: fullName(user) })
        : t('backoffice.users.activateTitle', { name: fullName(user) }),
      content: deactivate ? t('backoffice.users.deactivateText') : t('backoffice.users.activateText'),
      okText: deactivate ? t('backoffice.users.deactivate') : t('backoffice.users.activate'),
      okButtonProps: { danger: deactivate },
      cancelText: t('backoffice.common.cancel'),
      onOk: () => setStatus.mutateAsync({ user, status: deactivate ? 'DISABLED' : 'ACTIVE' }).catch(() => undefined),
    });
  };
  const filter = resetting((patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch })));

  return (
    <>
      <BackofficeListHead
        title={t('routes.boUserManagement')}
        intro={t('backoffice.users.intro')}
        searchLabel={t('users.list.search')}
        search={search}
        onSearch={resetting(setSearch)}
      >
        <Select
          className="bo-filter"
          allowClear
          aria-label={t('backoffice.users.filterRole')}
          placeholder={t('backoffice.users.allRoles')}
          value={filters.role}
          onChange={(role?: Role) => filter({ role })}
          options={ROLES.map((r) => ({ value: r, label: roleLabel(r, t, regionName, i18n.language) }))}
        />
        <Select
          className="bo-filter"
          allowClear
          aria-label={t('backoffice.users.filterStatus')}
          placeholder={t('backoffice.users.allStatuses')}
          value={filters.status}
          onChange={(status?: ManagedUser['status']) => filter({ status })}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`backoffice.users.status.${s}`) }))}
        />
        <Select
          className="bo-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('backoffice.users.filterCountry')}
          placeholder={t('backoffice.users.allCountries')}
          loading={countries.loading}
          value={filters.country}
          onChange={(country?: string) => filter({ country })}
          options={countries.options}
        />
        <Space className="bo-toolbar-end" wrap>
          <ExportButtons
            path="/users/export"
            filters={{ search: query.search, role: query.role, status: query.status, country: query.country }}
            fileName="users"
          />
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            {t('users.list.invite')}
          </Button>
        </Space>
      </BackofficeListHead>
      <PagedBackofficeTable<ManagedUser>
        rowKey="userId"
        aria-label={t('users.list.label')}
        of={users}
        emptyText={t('backoffice.common.empty')}
        {...paging}
        columns={[
          { key: 'name', title: t('backoffice.users.columns.name'), render: (_, u) => fullName(u) },
          emailColumn<ManagedUser>(t('backoffice.users.columns.email')),
          {
            key: 'role',
            title: t('backoffice.users.columns.role'),
            dataIndex: 'role',
            render: (r: Role) => roleLabel(r, t, regionName, i18n.language),
          },
          {
            key: 'country',
            title: t('backoffice.users.columns.country'),
            render: (_, u) => (u.countryCode ? countries.label(u.countryCode, u.countryName) : '—'),
          },
          {
            key: 'status',
            title: t('backoffice.users.columns.status'),
            dataIndex: 'status',
            render: (s: ManagedUser['status']) => (
              <Tag color={STATUS_COLOURS[s]}>{t(`backoffice.users.status.${s}`)}</Tag>
            ),
          },
          {
            key: 'createdAt',
            title: t('backoffice.users.columns.createdAt'),
            dataIndex: 'createdAt',
            render: (iso: string) => formatDay(iso, i18n.language),
          },
          {
            key: 'actions',
            title: t('backoffice.users.columns.actions'),
            render: (_, u) => (
              <Space size="small" wrap>
                {canChangeStatus(u) && (
                  <Button
                    size="small"
                    danger={u.status !== 'DISABLED'}
                    aria-label={`${u.status === 'DISABLED' ? t('backoffice.users.activate') : t('backoffice.users.deactivate')}: ${u.email}`}
                    onClick={() => confirmStatus(u)}
                  >
                    {u.status === 'DISABLED' ? t('backoffice.users.activate') : t('backoffice.users.deactivate')}
                  </Button>
                )}
                {canChangeRole(u) && (
                  <Button
                    size="small"
                    aria-label={`${t('roleChange.action')}: ${u.email}`}
                    onClick={() => setChangingRole(u)}
                  >
                    {t('roleChange.action')}
                  </Button>
                )}
                {u.status === 'PENDING' && <PendingInvitationActions user={u} onChanged={refreshUsers} />}
                {profile?.role === 'ADMIN' && <AccountActions user={u} />}
              </Space>
            ),
          },
        ]}
      />
      {profile && changingRole && (
        <ChangeRoleDialog
          user={changingRole}
          actorRole={profile.role}
          onClose={(changed) => {
            setChangingRole(null);
            if (changed) refreshUsers();
          }}
        />
      )}
      {profile && (
        <InviteUsersDialog
          open={inviting}
          inviter={{ role: profile.role, countryCode: profile.countryCode, language: profile.language }}
          onClose={() => {
            setInviting(false);
            void queryClient.invalidateQueries({ queryKey: backofficeKeys.users() });
          }}
        />
      )}
    </>
  );
}
