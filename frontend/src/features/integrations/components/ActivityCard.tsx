import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryRoundedIcon from '#icons/HistoryRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { formatInstant } from '../../../lib/zoned-format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { PanelCard } from '../../../components/ui/PanelCard';
import { useTeam } from '../../team/api/get-team';
import { useIntegrationActivity } from '../api/activity';

/** The company's integration history, newest first: who made, changed or revoked which key or endpoint, and when. */
export function ActivityCard() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const timeZone = useCompanyTimeZone();
  const { activity, error, isLoading } = useIntegrationActivity();
  const { members } = useTeam();

  const actor = (userId: string) => {
    if (userId === 'system') return t('integrations.activity.system');
    const member = members.find((each) => each.id === userId);
    return member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email : t('integrations.activity.member');
  };
  const actionText = (action: string) => {
    const key = `integrations.activity.actions.${action.replace('.', '_')}`;
    return i18n.exists(key) ? t(key) : action;
  };

  let content;
  if (isLoading) content = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1 }} />);
  else if (error) content = <Alert severity="error">{errorMessage(error, t('integrations.loadError'))}</Alert>;
  else if (activity.length === 0) content = <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>{t('integrations.activity.empty')}</Typography>;
  else {
    content = (
      <List disablePadding aria-label={t('integrations.activity.title')} dense>
        {activity.map((entry, index) => (
          <ListItem key={entry.id} disableGutters divider={index < activity.length - 1} sx={{ display: 'block', py: 1 }} data-testid="activity-row">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {actionText(entry.action)}
              </Typography>
              <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere', fontFamily: entry.subject.kind === 'webhook' ? 'monospace' : undefined }}>
                {entry.subject.label}
              </Typography>
            </Box>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {formatInstant(entry.at, language, 'dateTime', timeZone)} · {actor(entry.actorUserId)}
            </Typography>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <PanelCard icon={<HistoryRoundedIcon />} title={t('integrations.activity.title')} description={t('integrations.activity.description')}>
      {content}
    </PanelCard>
  );
}
