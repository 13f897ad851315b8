import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Segmented, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { LANGUAGES, type CmsEntry, type CmsText, type CmsWrite, type Language } from '@portal/shared';
import { RichTextEditor } from '../offers/editor/RichTextEditor';
import { useCountries } from '../countries/useCountries';
import { countryLabel } from '../countries/label';
import { textIn, useCmsEntry, useCmsMutations } from './editApi';
import { DocumentField } from './DocumentField';
import { ImageField } from './ImageField';
import type { CmsScreen } from './screens';
import '../offers/offers.css';

interface Values extends CmsText {
  image: string | null;
  link: string;
  eventDate: string;
  countryCode: string | null;
  document: string | null;
  published: boolean;
}

const LINK = /^(https?:\/\/|\/)/;
const shared = (e: CmsEntry) => ({
  image: e.image,
  link: e.link ?? '',
  eventDate: e.eventDate ?? '',
  countryCode: e.countryCode,
  document: e.document,
  published: e.published,
});
const sameText = (a: CmsText, b: CmsText) =>
  a.title === b.title && a.summary === b.summary && (a.body || '') === (b.body || '');

/** Form.Item gives value and onChange; the rich-text editor also needs its accessible name. */
function BodyInput({ value, onChange, label }: { value?: string; onChange?: (html: string) => void; label: string }) {
  return <RichTextEditor value={value ?? ''} onChange={(html) => onChange?.(html)} label={label} minRows={5} />;
}

interface CmsEntryFormProps {
  screen: CmsScreen;
  /** The entry edited, or null for a new one. */
  entryId: string | null;
  /** Position given to a new entry (after the last). */
  nextPosition: number;
  initialLanguage: Language;
  onClose: () => void;
}

/**
 * Creates or changes one entry. The language switcher picks whose text is edited: the entry is read in that
 * language and saved with PUT ?lng, which keeps the other languages' texts. Image, link, date, country and
 * publication are shared by all languages.
 */
export function CmsEntryForm({ screen, entryId, nextPosition, initialLanguage, onClose }: CmsEntryFormProps) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [lang, setLang] = useState<Language>(initialLanguage);
  const [id, setId] = useState<string | null>(entryId);
  const entry = useCmsEntry(id, lang);
  const { save } = useCmsMutations();
  const { data: countries } = useCountries();
  const loaded = useRef<{ key: string; text: CmsText } | null>(null);
  const current = entry.data && entry.data.id === id ? entry.data : undefined;
  const ready = id === null || current !== undefined;

  // Fill the text of the language shown once it arrives; shared fields only the first time (edits to them survive a switch).
  useEffect(() => {
    if (!current) return;
    const key = `${current.id}:${lang}:${current.updatedAt}`;
    if (loaded.current?.key === key) return;
    const first = loaded.current === null;
    const text = textIn(current, lang);
    loaded.current = { key, text };
    form.setFieldsValue({ ...text, ...(first ? shared(current) : {}) });
  }, [current, lang, form]);

  const typedText = (): CmsText => {
    const v = form.getFieldsValue(['title', 'summary', 'body']) as CmsText;
    return { title: v.title ?? '', summary: v.summary ?? '', body: v.body ?? '' };
  };

  const switchTo = (next: Language) => {
    if (next === lang) return;
    // A new entry has one text so far: the switch only says which language it is written in.
    if (id === null || sameText(typedText(), loaded.current?.text ?? typedText())) {
      setLang(next);
      return;
    }
    modal.confirm({
      title: t('cms.unsavedLanguage'),
      okText: t('cms.switch'),
      cancelText: t('cms.cancel'),
      onOk: () => setLang(next),
    });
  };

  const submit = (values: Values) => {
    const body: CmsWrite = {
      type: screen.type,
      position: current?.position ?? nextPosition,
      image: values.image ?? null,
      link: values.link?.trim() || null,
      eventDate: values.eventDate || null,
      countryCode: values.countryCode ?? null,
      document: values.document ?? null,
      published: values.published,
      text: { title: values.title.trim(), summary: values.summary?.trim() ?? '', body: values.body ?? '' },
      // The revision this form was filled from: a save by someone else meanwhile is refused, not overwritten.
      ...(current ? { updatedAt: current.updatedAt } : {}),
    };
    save.mutate(
      { id, body, lng: lang },
      {
        onSuccess: (saved) => {
          void message.success(t('cms.saved'));
          loaded.current = null;
          setId(saved.id);
        },
        onError: (e) => void message.error(errorText(t, e, t('cms.error'))),
      },
    );
  };

  const missing = current !== undefined && !current.languages.includes(lang);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!ready}
      initialValues={{
        title: '',
        summary: '',
        body: '',
        image: null,
        link: '',
        eventDate: '',
        countryCode: null,
        document: null,
        published: true,
      }}
      onFinish={submit}
    >
      <Form.Item label={t('cms.editingLanguage')}>
        <Segmented<Language>
          value={lang}
          onChange={switchTo}
          options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`languages.${l}`)}</span> }))}
        />
      </Form.Item>
      {id === null && (
        <Alert
          className="cms-language-note"
          type="info"
          showIcon
          title={t('cms.newInLanguage', { language: t(`languages.${lang}`) })}
        />
      )}
      {missing && (
        <Alert
          className="cms-language-note"
          type="warning"
          showIcon
          title={t('cms.missingLanguage', { language: t(`languages.${lang}`) })}
        />
      )}
      <div lang={lang} dir={lang === 'ar' ? 'rtl' : undefined}>
        <Form.Item
          name="title"
          label={t('cms.title')}
          rules={[{ required: true, whitespace: true, message: t('cms.titleRequired') }]}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="summary" label={t('cms.summary')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="body" label={t('cms.body')}>
          <BodyInput label={t('cms.body')} />
        </Form.Item>
      </div>
      {screen.fields.country && (
        <Form.Item
          name="countryCode"
          label={t('cms.country')}
          rules={[{ required: true, message: t('cms.countryRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(countries ?? []).map((c) => ({ value: c.code, label: countryLabel(c, i18n.language) }))}
          />
        </Form.Item>
      )}
      {screen.fields.eventDate && (
        <Form.Item name="eventDate" label={t('cms.eventDate')}>
          <Input type="date" className="cms-date" />
        </Form.Item>
      )}
      {screen.fields.image && (
        <Form.Item name="image" label={t('cms.image')}>
          <ImageField type={screen.type} />
        </Form.Item>
      )}
      {screen.fields.document && (
        <Form.Item name="document" label={t('cms.document')}>
          <DocumentField />
        </Form.Item>
      )}
      {screen.fields.link && (
        <Form.Item
          name="link"
          label={t('cms.link')}
          extra={t('cms.linkHint')}
          rules={[{ pattern: LINK, message: t('cms.linkInvalid') }]}
        >
          <Input maxLength={500} dir="ltr" />
        </Form.Item>
      )}
      <Form.Item name="published" label={t('cms.published')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('cms.save')}
        </Button>
        <Button onClick={onClose} disabled={false}>
          {t('cms.close')}
        </Button>
      </Space>
    </Form>
  );
}
