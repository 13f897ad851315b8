import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_TITLE_MAX, type ChatRoom } from '@portal/shared';
import { chatApi, chatKeys, useApprovedUsers } from './api';
import { chatErrorText } from './messages';

/**
 * A new contact conversation: a title and approved users (searchable by name). Neither given: 'Please enter
 * a conversation title'. Success: 'Room Created Successfull' and the room opens.
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
            id="chat-new-title"
            value={title}
            maxLength={CHAT_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('chat.chooseUsers')} htmlFor="chat-new-users">
          <Select
            id="chat-new-users"
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={approved.isLoading}
            value={users}
            onChange={setUsers}
            options={(approved.data ?? []).map((u) => ({ value: u.userId, label: `${u.firstName} ${u.lastName}` }))}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
