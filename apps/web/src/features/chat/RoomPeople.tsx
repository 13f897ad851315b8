import { useMemo, useState } from 'react';
import { App, Button, Drawer, Input, List, Modal, Popconfirm, Table, Tag } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTACTS_DRAWER_WIDTH, type ChatUser } from '@portal/shared';
import { chatApi, chatKeys, useApprovedUsers } from './api';
import { chatErrorText } from './messages';
import { Flag, useChatRoleLabel } from './people';

/**
 * The participants table: firstName, lastName, email, phoneNumber and country (the country column is hidden for an
 * admin), with a Remove action, asked first, on the participants the viewer may remove (`removableIds`).
 */
export function UserInfoModal({
  open,
  onClose,
  people,
  viewerIsAdmin,
  roomId,
  removableIds = [],
}: {
  open: boolean;
  onClose: () => void;
  people: ChatUser[];
  viewerIsAdmin: boolean;
  roomId?: string;
  removableIds?: string[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = async (user: ChatUser) => {
    if (!roomId) return;
    try {
      await chatApi.remove(roomId, user.userId);
      message.success(t('chat.userRemoved'));
      await queryClient.invalidateQueries({ queryKey: chatKeys.participants(roomId) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    } catch (e) {
      message.error(chatErrorText(e, t));
    }
  };
  const name = (user: ChatUser) => `${user.firstName} ${user.lastName}`;
  const columns = [
    { title: t('chat.firstName'), dataIndex: 'firstName', key: 'firstName' },
    { title: t('chat.lastName'), dataIndex: 'lastName', key: 'lastName' },
    { title: t('chat.email'), dataIndex: 'email', key: 'email' },
    { title: t('chat.phoneNumber'), dataIndex: 'phoneNumber', key: 'phoneNumber' },
    ...(viewerIsAdmin ? [] : [{ title: t('chat.country'), dataIndex: 'countryName', key: 'countryName' }]),
    ...(removableIds.length
      ? [
          {
            title: t('chat.actions'),
            key: 'actions',
            render: (_: unknown, user: ChatUser) =>
              removableIds.includes(user.userId) ? (
                <Popconfirm
                  title={t('chat.confirmRemove', { name: name(user) })}
                  okText={t('chat.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('chat.cancel')}
                  onConfirm={() => remove(user)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<UserDeleteOutlined />}
                    aria-label={t('chat.removeUser', { name: name(user) })}
                  />
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('chat.participantsTitle')} width={760}>
      <Table
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={people}
        columns={columns}
        scroll={{ x: true }}
      />
    </Modal>
  );
}

/** The contacts drawer (width 400): approved users with flag and role, searchable; adding one asks first. */
export function ContactsDrawer({
  open,
  onClose,
  roomId,
  members,
}: {
  open: boolean;
  onClose: () => void;
  roomId: string;
  members: ChatUser[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roleOf = useChatRoleLabel();
  const [search, setSearch] = useState('');
  const approved = useApprovedUsers(open);
  const memberIds = useMemo(() => new Set(members.map((m) => m.userId)), [members]);
  const term = search.trim().toLocaleLowerCase();
  const people = (approved.data ?? []).filter(
    (u) => !term || `${u.firstName} ${u.lastName}`.toLocaleLowerCase().includes(term),
  );

  const add = async (user: ChatUser) => {
    try {
      await chatApi.invite(roomId, user.userId);
      message.success(t('chat.userAdded'));
      await queryClient.invalidateQueries({ queryKey: chatKeys.participants(roomId) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    } catch (e) {
      message.error(chatErrorText(e, t));
    }
  };

  return (
    <Drawer open={open} onClose={onClose} size={CONTACTS_DRAWER_WIDTH} title={t('chat.contacts')}>
      <Input.Search
        aria-label={t('chat.searchUsers')}
        placeholder={t('chat.searchUsers')}
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <List
        loading={approved.isLoading}
        dataSource={people}
        renderItem={(user) => (
          <List.Item
            actions={[
              memberIds.has(user.userId) ? (
                <Tag key="in">{t('chat.inConversation')}</Tag>
              ) : (
                <Popconfirm
                  key="add"
                  title={t('chat.confirmAdd', { name: `${user.firstName} ${user.lastName}` })}
                  okText={t('chat.add')}
                  cancelText={t('chat.cancel')}
                  onConfirm={() => add(user)}
                >
                  <Button
                    size="small"
                    icon={<UserAddOutlined />}
                    aria-label={t('chat.addUser', { name: `${user.firstName} ${user.lastName}` })}
                  />
                </Popconfirm>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={<Flag code={user.countryCode} />}
              title={`${user.firstName} ${user.lastName}`}
              description={roleOf(user)}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
