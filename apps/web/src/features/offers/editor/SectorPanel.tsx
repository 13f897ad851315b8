import { memo } from 'react';
import { Button, Popconfirm, Steps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Sector } from '@portal/shared';
import { SectorChoiceStep } from './SectorChoiceStep';
import { SectorCommitmentsStep, type SectorUpdate } from './SectorCommitmentsStep';
import { SectorTitle } from '../view/SectorHeading';

interface Props {
  number: number;
  sector: Sector;
  step: 0 | 1;
  showRequired: boolean;
  readOnly?: boolean;
  update: SectorUpdate;
  onStep: (step: 0 | 1) => void;
  onRemove: () => void;
}

/** The open sector tab: its two steps (choose the service, then the commitments). Only this one is rendered. */
export const SectorPanel = memo(function SectorPanel({
  number,
  sector,
  step,
  showRequired,
  readOnly,
  update,
  onStep,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="offers-stack">
      <div className="editor-panel-head">
        <SectorTitle sector={sector} number={number} />
        {!readOnly && (
          <Popconfirm
            title={t('offers.sector.removeConfirm')}
            okText={t('offers.actions.remove')}
            cancelText={t('offers.actions.keep')}
            onConfirm={onRemove}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('offers.sector.remove')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <SectorSteps step={step} noService={sector.services.length === 0} onStep={onStep} />
      {step === 0 ? (
        <SectorChoiceStep sector={sector} readOnly={readOnly} showRequired={showRequired} update={update} />
      ) : (
        <SectorCommitmentsStep sector={sector} readOnly={readOnly} update={update} />
      )}
    </div>
  );
});

/** The two steps' header (memoized: typing in the commitments does not re-render it). */
const SectorSteps = memo(function SectorSteps({
  step,
  noService,
  onStep,
}: {
  step: 0 | 1;
  noService: boolean;
  onStep: (step: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <Steps
      size="small"
      current={step}
      onChange={(s) => onStep(s as 0 | 1)}
      items={[{ title: t('offers.sector.step1') }, { title: t('offers.sector.step2'), disabled: noService }]}
    />
  );
});
