import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import type { DispatchBoard } from '#shared/dispatch';
import { paths } from '../../../config/paths';
import { weekWords } from '../utils/format';

/**
 * What a week with no work says (a new company's first look): where cards come from, and, with
 * nobody to assign to yet, where to invite the team.
 */
export function EmptyWeekHint({ board }: { board: DispatchBoard }) {
  const { i18n } = useTranslation();
  const week = weekWords(board, i18n.language);
  const empty = board.rows.every((row) => row.cards.length === 0);
  const fieldStaff = board.rows.some((row) => row.member?.role === 'staff');
  if (!empty && fieldStaff) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="dispatch-empty-hint">
      {empty && (
        <Trans
          i18nKey="dispatch.empty.noWork"
          context={week.context}
          values={{ from: week.from }}
          components={{ tasks: <Link component={RouterLink} to={paths.tasks} />, properties: <Link component={RouterLink} to={paths.properties} /> }}
        />
      )}
      {empty && !fieldStaff && ' '}
      {!fieldStaff && <Trans i18nKey="dispatch.empty.noStaff" components={{ team: <Link component={RouterLink} to={paths.team} /> }} />}
    </Alert>
  );
}
