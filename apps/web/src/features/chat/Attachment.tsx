import { useEffect, useRef, useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VIDEO_PREVIEW_WIDTH, type ChatMessage } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { chatApi } from './api';
import { saveFile } from '../../api/download';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** A size as people read it, in the interface language: "820 kB", "9.5 MB" (decimal units, as file managers show). */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1000 ? [bytes / 1000, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * An attachment's bytes, fetched once its preview comes near the screen (a room of videos does not download them all
 * on opening). The download needs the bearer token, so the preview plays from a blob: URL (allowed by media-src).
 */
function useBytesWhenSeen(fileKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  useEffect(() => {
    if (!seen) return;
    let url: string | null = null;
    let gone = false;
    chatApi
      .download(fileKey)
      .then((blob) => {
        if (!gone) setSrc((url = URL.createObjectURL(blob)));
      })
      .catch(() => setSrc(null));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [seen, fileKey]);
  return { ref, src };
}

/** A video or image attachment shown in the room, loaded when scrolled into view. */
function Preview({ fileKey, kind, name }: { fileKey: string; kind: 'video' | 'image'; name: string }) {
  const { ref, src } = useBytesWhenSeen(fileKey);
  return (
    <div ref={ref} className={`chat-preview chat-preview-${kind}`}>
      {src &&
        (kind === 'video' ? (
          <video
            className="chat-video"
            src={src}
            controls
            preload="metadata"
            width={VIDEO_PREVIEW_WIDTH}
            aria-label={name}
          />
        ) : (
          <img className="chat-image" src={src} alt={name} loading="lazy" />
        ))}
    </div>
  );
}

/** A message's attachment: its preview (videos and images), then a download button with its name and size. */
export function Attachment({ message }: { message: ChatMessage & { file: string } }) {
  const { t, i18n } = useTranslation();
  const { message: toast } = App.useApp();
  const name = message.fileName ?? message.file;
  const type = message.fileContentType ?? '';
  const kind = type === 'video/mp4' ? 'video' : IMAGE_TYPES.includes(type) ? 'image' : null;
  return (
    <div className="chat-attachment">
      {kind && <Preview fileKey={message.file} kind={kind} name={name} />}
      <Button
        icon={<DownloadOutlined />}
        onClick={() =>
          chatApi
            .download(message.file)
            .then((blob) => saveFile(blob, name))
            .catch(() => toast.error(t('chat.downloadFailed')))
        }
      >
        <PaperClipOutlined /> <UserText className="chat-file-name" text={name} />
        {message.fileSize !== null && (
          <span className="chat-file-size">({formatFileSize(message.fileSize, i18n.language)})</span>
        )}
      </Button>
    </div>
  );
}
