import { memo } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  atStart: boolean;
  last: boolean;
  canSubmit: boolean;
  submitLabel: string;
  /** The save button's label: 'Save and exit' unless the editor names its own ('Save draft'). */
  saveLabel?: string;
  saving: 'save' | 'submit' | null;
  onCancel: () => void;
  onSave: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

/** The wizard's buttons: Cancel, Save and exit, Previous, Next, and the final submit on the last tab only. Memoized: typing does not re-render it. */
export const EditorActions = memo(function EditorActions({
  atStart,
  last,
  canSubmit,
  submitLabel,
  saveLabel,
  saving,
  onCancel,
  onSave,
  onPrevious,
  onNext,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="offer-editor-actions">
      <Space wrap>
        <Button onClick={onCancel} disabled={saving !== null}>
          {t('offers.actions.cancel')}
        </Button>
        <Button onClick={onSave} loading={saving === 'save'} disabled={saving === 'submit'}>
          {saveLabel ?? t('offers.actions.saveAndExit')}
        </Button>
      </Space>
      <Space wrap>
        <Button onClick={onPrevious} disabled={atStart}>
          {t('offers.actions.previous')}
        </Button>
        {!last && (
          <Button type="primary" onClick={onNext}>
            {t('offers.actions.next')}
          </Button>
        )}
        {last && canSubmit && (
          <Button type="primary" onClick={onSubmit} loading={saving === 'submit'} disabled={saving === 'save'}>
            {submitLabel}
          </Button>
        )}
      </Space>
    </div>
  );
});
