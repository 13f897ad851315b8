import type { KeyboardEvent } from 'react';
import { Button } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfferChange } from '@portal/shared';
import { Code, TextWithCodes } from '../../components/Bidi';
import { changePlace } from './changeNavigation';

interface Props {
  changes: readonly OfferChange[];
  /** The change shown (0-based). */
  index: number;
  onJump: (index: number) => void;
  onNext: () => void;
  onPrevious: () => void;
}

/**
 * The list of changes to jump through: "3 / 12" with Previous and Next (also the keys n/p or j/k, see
 * useChangeNavigation), and every change by sector and place; arrow keys move along the list.
 */
export function ChangeNavigator({ changes, index, onJump, onNext, onPrevious }: Props) {
  const { t } = useTranslation();
  const total = changes.length;
  const onListKey = (e: KeyboardEvent<HTMLOListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = Math.min(total - 1, Math.max(0, (at < 0 ? index : at) + (e.key === 'ArrowDown' ? 1 : -1)));
    buttons[to]?.focus();
    onJump(to);
  };
  return (
    <nav className="change-nav" aria-label={t('versions.nav.title')}>
      <div className="change-nav-bar">
        <strong>{t('versions.nav.title')}</strong>
        {total === 0 ? (
          <span role="status">{t('versions.nav.none')}</span>
        ) : (
          <>
            <Button size="small" icon={<UpOutlined />} disabled={index === 0} onClick={onPrevious}>
              {t('versions.nav.previous')}
            </Button>
            <span className="change-nav-count" role="status" aria-live="polite">
              <span className="visually-hidden">{t('versions.nav.changeOf')} </span>
              <Code>{`${index + 1} / ${total}`}</Code>
            </span>
            <Button size="small" icon={<DownOutlined />} disabled={index >= total - 1} onClick={onNext}>
              {t('versions.nav.next')}
            </Button>
            <span className="change-nav-hint">{t('versions.nav.keys')}</span>
          </>
        )}
      </div>
      {total > 0 && (
        <ol className="change-nav-list" onKeyDown={onListKey}>
          {changes.map((c, i) => (
            <li key={c.id}>
              <button
                type="button"
                className={`change-nav-item change-nav-${c.kind}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => onJump(i)}
              >
                <Code className="change-nav-number">{i + 1}</Code>
                {c.sectorLabel && (
                  <bdi dir="auto" className="change-nav-sector">
                    <TextWithCodes text={c.sectorLabel} />
                  </bdi>
                )}
                <span className="change-nav-place">{changePlace(c, t)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
