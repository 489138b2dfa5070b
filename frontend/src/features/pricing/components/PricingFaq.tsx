import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreRoundedIcon from '#icons/ExpandMoreRounded';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '#shared/plans';
import { yearlySavingPercent } from '#shared/rules';

const ITEMS = ['cancel', 'afterTrial', 'changes', 'yearly'] as const;

/** The four questions of SPEC's pricing screen. */
export function PricingFaq() {
  const { t } = useTranslation();
  const values = { days: TRIAL_DAYS, percent: yearlySavingPercent() };
  return (
    <Box component="section" aria-labelledby="pricing-faq-title" sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Typography id="pricing-faq-title" variant="h5" component="h2" sx={{ textAlign: 'center', mb: 2 }}>
        {t('pricing.faq.title')}
      </Typography>
      {ITEMS.map((item) => (
        <Accordion key={item} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
          <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} id={`faq-${item}-header`} aria-controls={`faq-${item}-content`}>
            <Typography variant="subtitle1">{t(`pricing.faq.${item}.question`, values)}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${item}-content`}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`pricing.faq.${item}.answer`, values)}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
