import { useRef, useState } from 'react';
import { Button, Input, Tag, Tooltip } from 'antd';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, UPLOAD_ACCEPT, UPLOAD_DELAY_MS, uploadProblem } from '@portal/shared';
import { chatApi } from './api';
import { uploadFailedText } from '../../api/uploadFailure';
import { TYPED_TEXT } from '../../components/Bidi';

/**
 * 'Type your message', one file, send. Sending needs text or a file, a live connection and a room; it clears
 * the text and the file. A file waits the spec's 1 second before it is sent; a refused one shows
 * '{file name} file upload failed.' in the room.
 */
export function Composer({
  connected,
  send,
  onFailure,
}: {
  connected: boolean;
  send: (text: string, fileKey: string | null) => boolean;
  onFailure: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const canSend = connected && !busy && (text.trim().length > 0 || file !== null);

  const submit = async () => {
    if (!canSend) return;
    const body = text.trim();
    const chosen = file;
    setText('');
    setFile(null);
    let fileKey: string | null = null;
    if (chosen) {
      setBusy(true);
      try {
        const problem = uploadProblem(chosen.name, chosen.size);
        if (problem) throw problem;
        await new Promise((r) => setTimeout(r, UPLOAD_DELAY_MS));
        fileKey = (await chatApi.upload(chosen)).fileKey;
      } catch (why) {
        onFailure(uploadFailedText(chosen.name, t, why));
        setBusy(false);
        if (!body) return;
      }
      setBusy(false);
    }
    if (!send(body, fileKey)) onFailure(t('chat.notConnected'));
  };

  return (
    <div className="chat-composer">
      <Input.TextArea
        {...TYPED_TEXT}
        aria-label={t('chat.typeMessage')}
        placeholder={t('chat.typeMessage')}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        autoSize={{ minRows: 1, maxRows: 5 }}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        data-testid="chat-file-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          const problem = chosen && uploadProblem(chosen.name, chosen.size);
          if (chosen && problem) return onFailure(uploadFailedText(chosen.name, t, problem));
          setFile(chosen);
        }}
      />
      {file && (
        <Tag closable onClose={() => setFile(null)} className="chat-file-tag">
          {file.name}
        </Tag>
      )}
      <Tooltip title={t('chat.attach')}>
        <Button
          icon={<PaperClipOutlined />}
          aria-label={t('chat.attach')}
          onClick={() => input.current?.click()}
          disabled={busy}
        />
      </Tooltip>
      <Button
        type="primary"
        icon={<SendOutlined className="chat-send-icon" />}
        aria-label={t('chat.send')}
        disabled={!canSend}
        loading={busy}
        onClick={() => void submit()}
      />
    </div>
  );
}
