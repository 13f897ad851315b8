import { lazy, memo, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { TiptapEditorProps } from './TiptapEditor';

const TiptapEditor = lazy(() => import('./TiptapEditor'));

/** Rich-text input (opening statement, table cells); Tiptap is fetched the first time one is shown. */
export const RichTextEditor = memo(function RichTextEditor(props: TiptapEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
});
