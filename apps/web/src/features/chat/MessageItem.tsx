import { useState } from 'react';
import { App, Button, Dropdown, Typography } from 'antd';
import { RollbackOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_TEXT, type ChatMessage } from '@portal/shared';
import { slot, UserText, WithUserValues } from '../../components/Bidi';
import { AnchoredMessage } from './AnchoredMessage';
import { Attachment } from './Attachment';
import { MessageEditor, OwnMessageButtons } from './OwnMessageActions';
import { useClientConfig } from '../session/useSession';
import { QuotedMessage } from './Reply';
import { fetchMessageTranslation, MessageTranslation, type MessageTranslationState } from './MessageTranslation';
import { formatDateTime } from '../../i18n/dates';

/**
 * One message: who and when, the text with its translate menu (or, for a message anchored to a request or an entry,
 * its sentence in the reader's language with a link), an attachment to download (videos and images previewed, with
 * its size).
 */
export function MessageItem({
  message,
  mine,
  onReply,
}: {
  message: ChatMessage;
  mine: boolean;
  /** Offers Reply (the message quoted in the composer). */
  onReply?: (message: ChatMessage) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message: toast } = App.useApp();
  const [translation, setTranslation] = useState<MessageTranslationState | null>(null);
  const [editing, setEditing] = useState(false);
  const when = formatDateTime(message.createdAt, i18n.language);

  if (message.type !== 'NORMAL') {
    const name = message.sender ? `${message.sender.firstName} ${message.sender.lastName}` : null;
    const key =
      message.type === 'JOIN'
        ? 'chat.joined'
        : message.conversation.endsWith(MEMBERSHIP_TEXT.REMOVED)
          ? 'chat.removedFrom'
          : 'chat.left';
    return (
      <div className="chat-system-line" role="status">
        {name ? (
          <WithUserValues text={t(key, { name: slot(0) })} values={[name]} />
        ) : (
          <UserText text={message.conversation} />
        )}
      </div>
    );
  }

  const translate = async (lang: string) => {
    try {
      setTranslation(await fetchMessageTranslation(message.conversation, lang));
    } catch {
      toast.error(t('chat.translateFailed'));
    }
  };

  return (
    <div className={`chat-message${mine ? ' chat-message-mine' : ''}`} data-message-id={message.id}>
      <div className="chat-message-head">
        <Typography.Text strong>
          {message.sender ? (
            <UserText text={`${message.sender.firstName} ${message.sender.lastName}`} />
          ) : (
            t('chat.formerUser')
          )}
        </Typography.Text>
        <Typography.Text type="secondary" className="chat-message-when">
          <time dateTime={message.createdAt}>{when}</time>
          {message.editedAt && !message.deleted && <span className="chat-message-edited"> ({t('chat.edited')})</span>}
        </Typography.Text>
        {onReply && !message.deleted && !editing && (
          <Button
            type="text"
            size="small"
            icon={<RollbackOutlined />}
            aria-label={t('chat.reply')}
            onClick={() => onReply(message)}
          />
        )}
        {mine && !message.deleted && !editing && (
          <OwnMessageButtons message={message} onEdit={() => setEditing(true)} />
        )}
        {message.conversation && !message.anchor && !editing && (
          <TranslateMenu onTranslate={(lang) => void translate(lang)} />
        )}
      </div>
      {message.replyTo && <QuotedMessage quote={message.replyTo} />}
      {message.deleted && (
        <Typography.Text type="secondary" italic className="chat-message-deleted">
          {t('chat.messageDeleted')}
        </Typography.Text>
      )}
      {editing ? (
        <MessageEditor message={message} onDone={() => setEditing(false)} />
      ) : message.anchor ? (
        // Written in the reader's language from the anchor; the stored text is for clients that ignore anchors.
        <AnchoredMessage anchor={message.anchor} />
      ) : (
        message.conversation && <UserText as="div" className="chat-message-text" text={message.conversation} />
      )}
      {translation && <MessageTranslation state={translation} />}
      {message.file && <Attachment message={{ ...message, file: message.file }} />}
    </div>
  );
}

/**
 * The translate menu: the three languages. Without a machine translation service (GET /client-config) there is no
 * menu at all — as for an offer's free text, an action that could only be refused is not offered, and nothing opens
 * over the message to say so.
 */
function TranslateMenu({ onTranslate }: { onTranslate: (lang: string) => void }) {
  const { t } = useTranslation();
  const machineTranslation = useClientConfig().machineTranslation !== false;
  if (!machineTranslation) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (['en', 'fr', 'ar'] as const).map((lang) => ({ key: lang, label: t(`languages.${lang}`) })),
        onClick: ({ key }) => onTranslate(key),
      }}
    >
      <Button type="text" size="small" icon={<TranslationOutlined />} aria-label={t('chat.translate')} />
    </Dropdown>
  );
}
