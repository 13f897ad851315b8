import { useEffect, type CSSProperties } from 'react';
import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_DEFAULT_COLOURS, accessibleColours, colourWarnings, type HomeSettings } from '@portal/shared';
import { ListAlert } from '../../components/ListAlert';
import { PageTitle } from '../../components/PageTitle';
import { BackofficeErrorAlert } from '../../features/backoffice/BackofficeErrorAlert';
import { backofficeApi } from '../../features/backoffice/api';
import {
  COLOUR_FIELDS,
  LINK_FIELDS,
  isHexColour,
  isHttpLink,
  isLogoAddress,
  type ColourField,
} from '../../features/backoffice/forms';
import { LogoUpload } from '../../features/backoffice/LogoUpload';
import { useHomeSettings } from '../../features/session/useSession';
import { HOME_SETTINGS_READ } from '../../api/reference';
import '../../features/backoffice/backoffice.css';

type Values = Omit<HomeSettings, 'logo'> & { logo: string };

/** A colour: the browser's picker and the hex text side by side, both bound to the same form field. */
function ColourInput({
  value = '',
  onChange,
  label,
}: {
  value?: string;
  onChange?: (v: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="colour-row">
      <input
        type="color"
        value={isHexColour(value) ? value : '#000000'}
        onChange={(e) => onChange?.(e.target.value)}
        aria-label={t('backoffice.settings.picker', { label })}
      />
      <Input value={value} onChange={(e) => onChange?.(e.target.value)} aria-label={label} dir="ltr" maxLength={7} />
    </div>
  );
}

/** /global-settings — the region's title, logo, social links and the colours of the public pages, with a live preview. */
export default function GlobalSettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const home = useHomeSettings();
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  useEffect(() => {
    if (home.data) form.setFieldsValue({ ...home.data, ...home.chosenColours, logo: home.data.logo ?? '' });
    // Only when the stored settings change, not on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [home.data, form]);

  const save = useMutation({
    mutationFn: (values: Values) =>
      backofficeApi.saveHomeSettings({
        ...values,
        regionTitle: values.regionTitle.trim(),
        logo: values.logo.trim() || null,
        ...Object.fromEntries(LINK_FIELDS.map((f) => [f, (values[f] ?? '').trim()])),
        ...Object.fromEntries(COLOUR_FIELDS.map((f) => [f, values[f].trim().toLowerCase()])),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(HOME_SETTINGS_READ.key, saved);
      void message.success(t('backoffice.settings.saved'));
    },
  });

  const colour = (f: ColourField) => (watched?.[f] && isHexColour(watched[f]) ? watched[f] : HOME_DEFAULT_COLOURS[f]);
  const chosen = Object.fromEntries(COLOUR_FIELDS.map((f) => [f, colour(f)])) as Record<ColourField, string>;
  const warnings = colourWarnings(chosen);
  // The preview draws what the site will draw: the accessible shades.
  const drawn = accessibleColours(chosen);
  const preview = {
    '--preview-button-back': drawn.buttonBackColor,
    '--preview-button': drawn.buttonColor,
    '--preview-main': drawn.mainTextColor,
    '--preview-secondary': drawn.secondaryTextColor,
    '--preview-underline': drawn.underline,
    '--preview-link': drawn.linkColor,
  } as CSSProperties;

  return (
    <>
      <PageTitle>{t('routes.globalSettings')}</PageTitle>
      {home.isError && (
        <Alert type="error" showIcon title={t('backoffice.settings.loadFailed')} className="form-alert" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        name="global-settings"
        onFinish={(v) => save.mutate(v)}
        disabled={home.isLoading}
      >
        <div className="settings-grid">
          <Card title={<h2 className="card-title">{t('backoffice.settings.identity')}</h2>}>
            <Form.Item
              name="regionTitle"
              label={t('backoffice.settings.regionTitle')}
              rules={[{ required: true, whitespace: true, message: t('backoffice.common.required') }, { max: 200 }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="logo"
              label={t('backoffice.settings.logo')}
              extra={t('backoffice.settings.logoHint')}
              rules={[
                {
                  validator: (_, v: string) =>
                    isLogoAddress(v ?? '')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('backoffice.settings.invalidLink'))),
                },
              ]}
            >
              <Input dir="ltr" placeholder="https://" />
            </Form.Item>
            <LogoUpload
              onUploaded={(saved) => {
                queryClient.setQueryData(HOME_SETTINGS_READ.key, saved);
                form.setFieldsValue({ logo: saved.logo ?? '' });
              }}
            />
            {LINK_FIELDS.map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={t(`backoffice.settings.${f}`)}
                rules={[
                  {
                    validator: (_, v: string) =>
                      isHttpLink(v ?? '')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('backoffice.settings.invalidLink'))),
                  },
                ]}
              >
                <Input dir="ltr" placeholder="https://" />
              </Form.Item>
            ))}
          </Card>
          <Card title={<h2 className="card-title">{t('backoffice.settings.colours')}</h2>}>
            {COLOUR_FIELDS.map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={t(`backoffice.settings.colour.${f}`)}
                extra={t('backoffice.settings.defaultColour', { colour: HOME_DEFAULT_COLOURS[f] })}
                rules={[
                  {
                    validator: (_, v: string) =>
                      isHexColour(v ?? '')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('backoffice.settings.invalidColour'))),
                  },
                ]}
              >
                <ColourInput label={t(`backoffice.settings.colour.${f}`)} />
              </Form.Item>
            ))}
            {warnings.length > 0 && (
              <ListAlert
                type="warning"
                role="alert"
                className="form-alert"
                title={t('backoffice.settings.contrastTitle')}
                listClassName="contrast-warnings"
                items={warnings}
                itemKey={(w) => w.field}
                renderItem={(w) => (
                  <>
                    {t('backoffice.settings.contrastItem', {
                      field: t(`backoffice.settings.colour.${w.field}`),
                      ratio: w.ratio.toLocaleString(i18n.language),
                      required: w.required.toLocaleString(i18n.language),
                    })}{' '}
                    {w.shade !== chosen[w.field] && (
                      <span>
                        {t('backoffice.settings.contrastShade')}{' '}
                        <span className="colour-swatch" style={{ background: w.shade }} aria-hidden="true" />{' '}
                        <code dir="ltr">{w.shade}</code>
                      </span>
                    )}
                  </>
                )}
              />
            )}
            <Button onClick={() => form.setFieldsValue({ ...HOME_DEFAULT_COLOURS })}>
              {t('backoffice.settings.resetColours')}
            </Button>
          </Card>
          <Card title={<h2 className="card-title">{t('backoffice.settings.preview')}</h2>}>
            <div
              className="settings-preview"
              style={preview}
              aria-label={t('backoffice.settings.preview')}
              role="region"
            >
              <h3 className="settings-preview-title">
                {watched?.regionTitle || t('backoffice.settings.previewTitle')}
              </h3>
              <p className="settings-preview-text">{t('backoffice.settings.previewText')}</p>
              <button type="button" className="settings-preview-button" tabIndex={-1}>
                {t('backoffice.settings.previewButton')}
              </button>
              <a className="settings-preview-link" href="#preview" onClick={(e) => e.preventDefault()} tabIndex={-1}>
                {t('backoffice.settings.previewLink')}
              </a>
            </div>
          </Card>
        </div>
        <BackofficeErrorAlert of={save} />
        <Space className="settings-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('backoffice.settings.save')}
          </Button>
        </Space>
      </Form>
    </>
  );
}
