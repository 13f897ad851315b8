import { Button, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_QUOTE_MAX, type ChatMessage } from '@portal/shared';
import { UserText } from '../../components/Bidi';

const nameOf = (sender: { firstName: string; lastName: string } | null, formerUser: string) =>
  sender ? `${sender.firstName} ${sender.lastName}` : formerUser;

/** The message a reply quotes, above the reply's text: its sender and the start of its text (or that it was deleted). */
export function QuotedMessage({ quote }: { quote: NonNullable<ChatMessage['replyTo']> }) {
  const { t } = useTranslation();
  return (
    <blockquote className="chat-quote">
      <Typography.Text strong>
        <UserText text={nameOf(quote.sender, t('chat.formerUser'))} />
      </Typography.Text>
      {quote.deleted ? (
        <Typography.Text type="secondary" italic>
          {' '}
          {t('chat.messageDeleted')}
        </Typography.Text>
      ) : (
        <UserText as="div" className="chat-quote-text" text={quote.excerpt} />
      )}
    </blockquote>
  );
}

/** Above the composer while replying: what is being answered, and a way out. */
export function ReplyingTo({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-replying" role="status">
      <div className="chat-replying-quote">
        <Typography.Text type="secondary">{t('chat.replyingTo')} </Typography.Text>
        <QuotedMessage
          quote={{
            id: message.id,
            sender: message.sender,
            excerpt: message.conversation.slice(0, CHAT_QUOTE_MAX) || (message.fileName ?? ''),
            deleted: false,
          }}
        />
      </div>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chat.cancelReply')} onClick={onCancel} />
    </div>
  );
}
