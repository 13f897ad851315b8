import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useCmsByType } from '../../features/cms/api';
import { FaqAccordion } from '../../features/cms/FaqAccordion';
import '../../features/cms/cms.css';

/** /faqs-externe — the public questions and answers. */
export default function FaqsExternePage() {
  const { t } = useTranslation();
  const { data, isLoading } = useCmsByType('FAQ_EXTERNE');
  return (
    <>
      <PageTitle>{t('routes.faqsExterne')}</PageTitle>
      <FaqAccordion entries={data} loading={isLoading} />
    </>
  );
}
