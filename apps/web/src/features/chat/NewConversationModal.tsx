import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_TITLE_MAX, matchesSearch, type ChatRoom } from '@portal/shared';
import { TYPED_TEXT, UserText } from '../../components/Bidi';
import { chatApi, chatKeys, useApprovedUsers } from './api';
import { chatErrorText } from './messages';
import { useChatRoleLabel } from './people';

/**
 * A new contact conversation: a title and approved users (searchable by name). Neither given: 'Please enter
 * a conversation title'. Success: 'Room Created Successfull' and the room opens. The users' search ignores accents
 * ("aissatou" finds "Aïssatou"); each name takes its own direction and shows its role.
 */
export function NewConversationModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (room: ChatRoom) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const approved = useApprovedUsers(open);
  const roleOf = useChatRoleLabel();
  const [title, setTitle] = useState('');
  const [users, setUsers] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setTitle('');
    setUsers([]);
    setError(null);
  };
  const create = async () => {
    if (!title.trim() && users.length === 0) return setError(t('chat.titleRequired'));
    setSaving(true);
    try {
      const room = await chatApi.createRoom(title.trim(), users);
      message.success(t('chat.roomCreated'));
      await queryClient.invalidateQueries({ queryKey: chatKeys.contactRooms() });
      reset();
      onCreated(room);
    } catch (e) {
      setError(chatErrorText(e, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('chat.newConversation')}
      okText={t('chat.create')}
      cancelText={t('chat.cancel')}
      confirmLoading={saving}
      onOk={() => void create()}
      onCancel={() => {
        reset();
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('chat.conversationTitle')} htmlFor="chat-new-title">
          <Input
            {...TYPED_TEXT}
            id="chat-new-title"
            value={title}
            maxLength={CHAT_TITLE_MAX}
            onChange={(e) => {
              setTitle(e.target.value);
              // What the user is told to fix goes once they fix it; a refusal of the server stays until the next try.
              if (e.target.value.trim() && error === t('chat.titleRequired')) setError(null);
            }}
            aria-invalid={error === t('chat.titleRequired')}
          />
        </Form.Item>
        <Form.Item label={t('chat.chooseUsers')} htmlFor="chat-new-users">
          <Select
            id="chat-new-users"
            mode="multiple"
            showSearch
            filterOption={(input, option) => matchesSearch(option?.name, input)}
            optionRender={(option) => (
              <>
                {option.label} <Typography.Text type="secondary">{option.data.role}</Typography.Text>
              </>
            )}
            notFoundContent={t('chatPeople.noUserFound')}
            loading={approved.isLoading}
            value={users}
            onChange={(next: string[]) => {
              setUsers(next);
              if (next.length > 0 && error === t('chat.titleRequired')) setError(null);
            }}
            options={(approved.data ?? []).map((u) => {
              const name = `${u.firstName} ${u.lastName}`;
              return {
                value: u.userId,
                name,
                title: name,
                label: <UserText className="chat-person-name" text={name} />,
                role: roleOf(u),
              };
            })}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Modal>
  );
}
