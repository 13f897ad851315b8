import { useId } from 'react';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { passwordChecklist, strengthLevel, STRENGTH_LEVELS } from './passwordStrength';
import { usePasswordStrength } from './usePasswordStrength';
import './profile.css';

interface Props {
  password: string;
  /** The user's own words (name, email): a password made of them scores lower. */
  userInputs?: readonly string[];
}

/** The spec's five password rules as a live checklist, and the strength meter (Worst … Strong, 0–4). */
export function PasswordChecklist({ password, userInputs }: Props) {
  const { t } = useTranslation();
  const score = usePasswordStrength(password, userInputs);
  const labelId = useId();
  const level = password && score !== null ? strengthLevel(score) : null;
  return (
    <div className="password-guide">
      <ul className="password-checklist" aria-label={t('profile.password.rulesTitle')}>
        {passwordChecklist(password).map(({ key, passed }) => (
          <li key={key} className={passed ? 'rule-met' : 'rule-unmet'}>
            {passed ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            <span>{t(`profile.password.rules.${key}`)}</span>
            <span className="visually-hidden">{passed ? t('profile.password.met') : t('profile.password.notMet')}</span>
          </li>
        ))}
      </ul>
      <div className="password-strength">
        <span id={labelId}>{t('profile.password.strength')}</span>
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={level ? STRENGTH_LEVELS.indexOf(level) : 0}
          aria-valuetext={level ? t(`profile.password.levels.${level}`) : t('profile.password.noStrength')}
          className={`strength-bar${level ? ` strength-${level}` : ''}`}
        >
          {STRENGTH_LEVELS.map((l, i) => (
            <span key={l} className={level && i <= STRENGTH_LEVELS.indexOf(level) ? 'segment filled' : 'segment'} />
          ))}
        </div>
        <span className="strength-label" aria-hidden>
          {level ? t(`profile.password.levels.${level}`) : ''}
        </span>
      </div>
    </div>
  );
}
