import { lazy, memo } from 'react';
import { Skeleton } from 'antd';
import { LazyPart } from '../../../components/LazyPart';
import { StoredTextView } from '../view/RichTextView';
import type { TiptapEditorProps } from './TiptapEditor';

const TiptapEditor = lazy(() => import('./TiptapEditor'));

/**
 * Rich-text input (opening statement, table cells); Tiptap is fetched the first time one is shown. Offline on a
 * device that never kept it, the text is shown to read (nothing can be saved offline anyway).
 */
export const RichTextEditor = memo(function RichTextEditor(props: TiptapEditorProps) {
  return (
    <LazyPart fallback={<Skeleton.Input active block />} failed={<StoredTextView text={props.value} />}>
      <TiptapEditor {...props} />
    </LazyPart>
  );
});
