/** The rich-text editor (Tiptap), loaded on demand by RichTextEditor: the editor's code is not in the first download. */
import { useEffect, useRef, type ReactNode } from 'react';
import { EditorContent, Mark, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../sanitize';

/**
 * Superscript and subscript kept as written (a footnote mark, "m²"): the starter kit has no such marks, and text it
 * cannot hold would be dropped from a stored statement the first time it is edited.
 */
const scriptMark = (name: string, tag: 'sup' | 'sub') =>
  Mark.create({
    name,
    excludes: 'superscript subscript',
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
const Superscript = scriptMark('superscript', 'sup');
const Subscript = scriptMark('subscript', 'sub');

/** Pause in typing after which the text is handed to the form. */
const LIFT_DELAY_MS = 150;

export interface TiptapEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  autoFocus?: boolean;
  minRows?: number;
}

export default function TiptapEditor({ value, onChange, label, autoFocus, minRows = 3 }: TiptapEditorProps) {
  const { t } = useTranslation();
  // The editor is created once; it calls the latest onChange.
  const changed = useRef(onChange);
  changed.current = onChange;
  // What the editor reported recently: a value prop among them is an echo of typing (maybe a late one), not a change
  // from outside; loading it back would drop the keystrokes typed since.
  const emitted = useRef<string[]>([value]);
  const pending = useRef<number | undefined>(undefined);
  const flush = useRef<() => void>(() => undefined);
  // Only what the user changed is handed back: the editor's own reading of a stored text (its HTML normalized) is not
  // a change, so opening and leaving a field marks nothing unsaved and rewrites nothing.
  const edited = useRef(false);
  const editor = useEditor({
    // The heading levels the server keeps (h1–h4) stay as written: a statement pasted from Word keeps its h1/h2.
    extensions: [
      // No trailing paragraph added after a closing list or heading: it changed a stored text on opening.
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, codeBlock: false, code: false, trailingNode: false }),
      Superscript,
      Subscript,
    ],
    content: sanitizeHtml(value),
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text-input' },
    },
    // Serializing and lifting the HTML waits for a pause in typing (or leaving the field): a keystroke costs only
    // ProseMirror's own update, not a render of the form, in a 150-sector offer.
    onUpdate: () => {
      edited.current = true;
      window.clearTimeout(pending.current);
      pending.current = window.setTimeout(() => flush.current(), LIFT_DELAY_MS);
    },
    onBlur: () => flush.current(),
  });
  flush.current = () => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    if (!editor || editor.isDestroyed || !edited.current) return;
    edited.current = false;
    const html = editor.isEmpty ? '' : editor.getHTML();
    if (html === emitted.current[emitted.current.length - 1]) return;
    emitted.current = [...emitted.current.slice(-49), html];
    changed.current(html);
  };
  // Nothing typed is left behind when the field goes away (tab change, save).
  useEffect(() => () => flush.current(), []);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  // A value replaced from outside (restoring a draft, reloading) is loaded into the editor.
  useEffect(() => {
    if (!editor || emitted.current.includes(value)) return;
    emitted.current = [value];
    editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
    edited.current = false;
  }, [editor, value]);

  const tool = (
    key: 'bold' | 'italic' | 'bulletList' | 'orderedList',
    icon: ReactNode,
    on: boolean,
    run: () => void,
  ) => (
    // Above the toolbar, away from the text being typed below it; on hover and keyboard focus, never left by a tap.
    <Tooltip placement="top" trigger={['hover', 'focus']} title={t(`offers.richText.${key}`)}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`offers.richText.${key}`)}
        aria-pressed={on}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className="rich-text-editor" style={{ ['--min-rows' as string]: minRows }}>
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('offers.richText.toolbar')}>
        {tool('bold', <BoldOutlined />, active?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, active?.italic ?? false, () =>
          editor?.chain().focus().toggleItalic().run(),
        )}
        {tool('bulletList', <UnorderedListOutlined />, active?.bullet ?? false, () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, active?.ordered ?? false, () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
