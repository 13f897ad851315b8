/**
 * A chat message's translation as the server gives it (GET /chats/message/translate): a machine
 * translation is marked as such, a message already in the asked language says so, and without a machine translation
 * service the reader is told that none is configured — never a text with a few words replaced.
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { UserText } from '../../components/Bidi';
import { chatApi } from './api';

export type MessageTranslationState =
  | { kind: 'translated'; text: string; lang: string; machine: boolean }
  | { kind: 'sameLanguage' | 'notConfigured' | 'unavailable'; lang: string };

/** Asks the server; its known refusals become states the message shows. Other failures are thrown. */
export async function fetchMessageTranslation(text: string, lang: string): Promise<MessageTranslationState> {
  try {
    const result = await chatApi.translate(text, lang);
    if (result.sameLanguage || !result.translated) return { kind: 'sameLanguage', lang };
    return { kind: 'translated', text: result.message, lang, machine: result.machine };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'TRANSLATION_NOT_CONFIGURED') return { kind: 'notConfigured', lang };
    if (err instanceof ApiError && err.status === 503) return { kind: 'unavailable', lang };
    throw err;
  }
}

/** Shown under the message. */
export function MessageTranslation({ state }: { state: MessageTranslationState }) {
  const { t, i18n } = useTranslation();
  if (state.kind !== 'translated')
    return (
      <div className="chat-translation" lang={i18n.language} role="status">
        {t(`chat.translation.${state.kind}`)}
      </div>
    );
  return (
    <UserText as="div" className="chat-translation" lang={state.lang} text={state.text}>
      {state.machine && (
        <Tag className="chat-machine-mark" lang={i18n.language}>
          {t('chat.translation.machine')}
        </Tag>
      )}
    </UserText>
  );
}
