import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useSWR from 'swr';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import type { ReservationView } from '../../reservations/api/types';
import { formatDay } from '../../reservations/utils/format';
import { TaskField } from './TaskField';

/**
 * The stay a task belongs to (a turnover's reservation): the guest, the dates and the nights, linked
 * to the property's reservations; not its id.
 */
export function TaskReservationField({ taskId, reservationId, propertyId }: { taskId: string; reservationId: string; propertyId: string }) {
  const { t, i18n } = useTranslation();
  const { data: stay, error } = useSWR<ReservationView, ApiError>(`/api/reservations/${encodeURIComponent(reservationId)}`);
  const language = i18n.resolvedLanguage;
  let value;
  if (stay) {
    const text = t('tasks.detail.stay', {
      // Isolated (FSI … PDI): a right-to-left name ("محمد العلي") must not pull the dates into it.
      guest: `\u2068${stay.guestName}\u2069`,
      checkin: formatDay(stay.checkinDay, language),
      checkout: formatDay(stay.checkoutDay, language),
      count: stay.nights,
    });
    // A done cleaning whose stay's check-out moved later: the new check-out has its own cleaning.
    const replacement = stay.turnoverTaskId && stay.turnoverTaskId !== taskId ? stay.turnoverTaskId : null;
    value = (
      <>
        <Link component={RouterLink} to={`${paths.properties}/${encodeURIComponent(propertyId)}`} data-testid="task-reservation">
          {text}
        </Link>
        {replacement && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }} data-testid="task-replaced-turnover">
            {t('tasks.detail.replacedTurnover')}{' '}
            <Link component={RouterLink} to={`${paths.tasks}/${encodeURIComponent(replacement)}`}>
              {t('tasks.detail.openReplacement')}
            </Link>
          </Typography>
        )}
      </>
    );
  } else if (error) {
    // Gone (removed) or not readable: say so rather than show an id.
    value = t('tasks.detail.stayUnavailable');
  } else {
    value = <Skeleton width="60%" />;
  }
  return <TaskField label={t('tasks.fields.reservation')}>{value}</TaskField>;
}
