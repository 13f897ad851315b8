import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, type ChatMessage, type MessagePage } from '@portal/shared';
import { chatApi, chatKeys } from './api';
import { chatErrorText } from './messages';

/** Puts a changed message (edited, deleted) in place in a room's cached pages. */
export function replaceMessage(data: InfiniteData<MessagePage, number> | undefined, message: ChatMessage) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, content: p.content.map((m) => (m.id === message.id ? message : m)) })),
  };
}

/** The room's cached copy of a message replaced by its changed version (edited, deleted). */
function useShowChanged(roomId: string) {
  const queryClient = useQueryClient();
  return (changed: ChatMessage) =>
    queryClient.setQueryData<InfiniteData<MessagePage, number>>(chatKeys.messages(roomId), (old) =>
      replaceMessage(old, changed),
    );
}

/** Edit and Delete on one's own message (the deletion asked first); others see the change live. */
export function OwnMessageButtons({ message, onEdit }: { message: ChatMessage; onEdit: () => void }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const show = useShowChanged(message.romes.id);
  const remove = async () => {
    try {
      show(await chatApi.deleteMessage(message.id));
    } catch (e) {
      toast.error(chatErrorText(e, t));
    }
  };
  return (
    <>
      {/* An anchored message is written from its anchor: there is no text of one's own to edit. */}
      {message.conversation && !message.anchor && (
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('chat.editMessage')} onClick={onEdit} />
      )}
      <Popconfirm
        title={t('chat.confirmDeleteMessage')}
        okText={t('chat.deleteMessage')}
        okButtonProps={{ danger: true }}
        cancelText={t('chat.cancel')}
        onConfirm={remove}
      >
        <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('chat.deleteMessage')} />
      </Popconfirm>
    </>
  );
}

/** One's message text edited in place: Save (the new text, shown edited) or Cancel. */
export function MessageEditor({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const show = useShowChanged(message.romes.id);
  const [draft, setDraft] = useState(message.conversation);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      show(await chatApi.editMessage(message.id, draft.trim()));
      onDone();
    } catch (e) {
      toast.error(chatErrorText(e, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="chat-message-edit">
      <Input.TextArea
        aria-label={t('chat.editMessage')}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX}
        autoSize={{ minRows: 1, maxRows: 6 }}
        onChange={(e) => setDraft(e.target.value)}
      />
      <Space>
        <Button size="small" type="primary" loading={saving} disabled={!draft.trim()} onClick={() => void save()}>
          {t('chat.save')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('chat.cancel')}
        </Button>
      </Space>
    </div>
  );
}
