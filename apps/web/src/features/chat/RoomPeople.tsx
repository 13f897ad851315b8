import { useMemo, useState } from 'react';
import { App, Button, Drawer, Input, List, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTACTS_DRAWER_WIDTH, matchesSearch, roomInvitation, type ChatRoom, type ChatUser } from '@portal/shared';
import { slot, UserText, WithUserValues } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';
import { chatApi, chatKeys, useApprovedUsers } from './api';
import { chatErrorText } from './messages';
import { Flag, useChatRoleLabel } from './people';

/**
 * The participants table: firstName, lastName, email, phoneNumber and country (the country column is hidden for an
 * admin), with a Remove action, asked first, on the participants the viewer may remove (`removableIds`). Names and
 * addresses take their own direction; countries are named in the interface language.
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
  const countryName = useCountryNames();
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
    {
      title: t('chat.firstName'),
      key: 'firstName',
      render: (_: unknown, u: ChatUser) => <UserText text={u.firstName} />,
    },
    { title: t('chat.lastName'), key: 'lastName', render: (_: unknown, u: ChatUser) => <UserText text={u.lastName} /> },
    { title: t('chat.email'), key: 'email', render: (_: unknown, u: ChatUser) => <bdi dir="ltr">{u.email}</bdi> },
    {
      title: t('chat.phoneNumber'),
      key: 'phoneNumber',
      render: (_: unknown, u: ChatUser) => (u.phoneNumber ? <bdi dir="ltr">{u.phoneNumber}</bdi> : null),
    },
    ...(viewerIsAdmin
      ? []
      : [
          {
            title: t('chat.country'),
            key: 'countryName',
            render: (_: unknown, u: ChatUser) => <UserText text={countryName(u.countryCode, u.countryName)} />,
          },
        ]),
    ...(removableIds.length
      ? [
          {
            title: t('chat.actions'),
            key: 'actions',
            render: (_: unknown, user: ChatUser) =>
              removableIds.includes(user.userId) ? (
                <Popconfirm
                  title={<WithUserValues text={t('chat.confirmRemove', { name: slot(0) })} values={[name(user)]} />}
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

/**
 * The contacts drawer (width 400): approved users with flag and role (as the chat lists name it), searchable whatever
 * the accents; adding one asks first. In a negotiation room, users of a third country are not offered (the server
 * refuses them: a negotiation stays bilateral), and a line says so.
 */
export function ContactsDrawer({
  open,
  onClose,
  room,
  members,
}: {
  open: boolean;
  onClose: () => void;
  room: Pick<ChatRoom, 'id' | 'romeType' | 'countryCodeSender' | 'countryCodeReceived'>;
  members: ChatUser[];
}) {
  const roomId = room.id;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roleOf = useChatRoleLabel();
  const [search, setSearch] = useState('');
  const approved = useApprovedUsers(open);
  const memberIds = useMemo(() => new Set(members.map((m) => m.userId)), [members]);
  // Accent-insensitive, as the server's search: "aissatou" finds "Aïssatou".
  const invitation = (user: ChatUser) =>
    roomInvitation(
      { romeType: room.romeType, countries: [room.countryCodeSender, room.countryCodeReceived] },
      { country: user.countryCode, isMember: memberIds.has(user.userId) },
    );
  const people = (approved.data ?? []).filter(
    (u) => invitation(u) !== 'THIRD_COUNTRY' && matchesSearch(`${u.firstName} ${u.lastName}`, search),
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
        dir="auto"
        aria-label={t('chat.searchUsers')}
        placeholder={t('chat.searchUsers')}
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {room.romeType === 'OFFER' && (
        <Typography.Paragraph type="secondary" className="contacts-bilateral-note">
          {t('chat.negotiationContactsNote')}
        </Typography.Paragraph>
      )}
      <List
        loading={approved.isLoading}
        dataSource={people}
        renderItem={(user) => (
          <List.Item
            actions={[
              invitation(user) === 'IN_ROOM' ? (
                <Tag key="in">{t('chat.inConversation')}</Tag>
              ) : (
                <Popconfirm
                  key="add"
                  title={
                    <WithUserValues
                      text={t('chat.confirmAdd', { name: slot(0) })}
                      values={[`${user.firstName} ${user.lastName}`]}
                    />
                  }
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
              title={<UserText className="chat-person-name" text={`${user.firstName} ${user.lastName}`} />}
              description={roleOf(user)}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
