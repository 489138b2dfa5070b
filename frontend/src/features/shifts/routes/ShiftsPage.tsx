import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AccessTimeRoundedIcon from '@mui/icons-material/AccessTimeRounded';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import { useTranslation } from 'react-i18next';
import { isManagerRole } from '#shared/enums';
import { SHIFTS, SHIFT_LATE_AFTER_MINUTES, isShiftInProgress, shiftTimeRange, zonedTime, type Shift } from '#shared/rules';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { useShifts, type ShiftDay, type ShiftTeam } from '../api/get-shifts';
import { useTeamMembers } from '../api/get-team-members';
import { assignShift, endShift, startShift } from '../api/update-shift';
import { AssignTeamDialog } from '../components/AssignTeamDialog';
import { EndShiftDialog } from '../components/EndShiftDialog';
import { StartShiftDialog } from '../components/StartShiftDialog';
import { TeamCard } from '../components/TeamCard';
import { useNow } from '../hooks/use-now';
import { formatLongDay, formatTime } from '../utils/format';
import { defaultShift, shiftAction } from '../utils/shift-action';

const DEFAULT_TIME_ZONE = 'America/New_York';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

type Dialog = { kind: 'assign'; team?: ShiftTeam } | { kind: 'start' } | { kind: 'end' } | null;

/**
 * Turnos de Hoje: today's shifts in the company's time zone. Tabs Manhã / Tarde / Noite, team cards
 * with members and attendance, "Em andamento" while the selected shift runs, and the bottom button
 * (Iniciar Turno / Encerrar Turno), enabled only inside the shift. The clock refreshes every 60 s.
 */
export default function ShiftsPage() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const { company } = useCompanies();
  const { shifts, isLoading, refresh } = useShifts();
  const now = useNow(60_000);
  const timeZone = company?.timezone ?? shifts[0]?.timezone ?? DEFAULT_TIME_ZONE;
  const local = zonedTime(now, timeZone);
  const [tab, setTab] = useState<Shift>(() => defaultShift(new Date(), timeZone));
  const [tabChosen, setTabChosen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const isManager = Boolean(user && isManagerRole(user.role));
  const { members: people, isLoading: peopleLoading } = useTeamMembers(isManager);

  // The company's time zone arrives with the company: open the tab of its current shift.
  useEffect(() => {
    if (!tabChosen) setTab(defaultShift(new Date(), timeZone));
  }, [timeZone, tabChosen]);

  // Past midnight (company time) the list is yesterday's: read today's.
  const listedDate = shifts[0]?.date;
  useEffect(() => {
    if (listedDate && listedDate !== local.date) void refresh();
  }, [listedDate, local.date, refresh]);

  const selected: ShiftDay | undefined = shifts.find((shift) => shift.shift === tab);
  const inProgress = Boolean(selected && selected.date === local.date && isShiftInProgress(tab, local.hour));
  const action = selected && user ? shiftAction(selected, user, local.date, local.hour) : undefined;
  const canEdit = isManager && selected !== undefined && selected.status !== 'ended';
  const range = shiftTimeRange(tab);
  const shiftLabel = `${t(`shifts.tabs.${tab}`)} (${t('shifts.timeRange', range)})`;

  const taken = useMemo(() => {
    const map = new Map<string, string>();
    const editing = dialog?.kind === 'assign' ? dialog.team?.id : undefined;
    for (const team of selected?.teams ?? []) {
      if (team.id === editing) continue;
      for (const member of team.members) map.set(member.id, team.name);
    }
    return map;
  }, [dialog, selected]);

  const run = async (work: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await work();
      setDialog(null);
      toast({ title: success, severity: 'success' });
    } catch (error) {
      toast({ title: failure, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const saveTeams = (teams: Array<{ name: string; memberIds: string[] }>, success: string) =>
    selected && run(() => assignShift(selected.date, selected.shift, { teams }), success, t('shifts.toast.saveFailed'));

  const currentTeams = () => (selected?.teams ?? []).map((team) => ({ id: team.id, name: team.name, memberIds: team.members.map((m) => m.id) }));

  const onSaveTeam = (name: string, memberIds: string[]) => {
    const editing = dialog?.kind === 'assign' ? dialog.team : undefined;
    const others = currentTeams().filter((team) => team.id !== editing?.id);
    const next = editing
      ? currentTeams().map((team) => (team.id === editing.id ? { ...team, name, memberIds } : team))
      : [...others, { id: '', name, memberIds }];
    void saveTeams(next.map(({ name: teamName, memberIds: ids }) => ({ name: teamName, memberIds: ids })), t('shifts.toast.saved'));
  };

  const onRemoveTeam = (team: ShiftTeam) =>
    void saveTeams(
      currentTeams().filter((other) => other.id !== team.id).map(({ name, memberIds }) => ({ name, memberIds })),
      t('shifts.toast.removed', { name: team.name }),
    );

  const onAction = () => {
    if (!selected || !action || action.disabled) return;
    if (action.label === 'start') {
      if (isManager) setDialog({ kind: 'start' });
      else void run(() => startShift(selected.date, selected.shift), t('shifts.toast.started'), t('shifts.toast.actionFailed'));
    } else if (isManager) setDialog({ kind: 'end' });
    else void run(() => endShift(selected.date, selected.shift), t('shifts.toast.checkedOut'), t('shifts.toast.actionFailed'));
  };

  const notStarted = (selected?.teams ?? []).flatMap((team) => team.members).filter((member) => !member.checkedInAt).length;

  return (
    <Stack spacing={3} sx={{ pb: 12 }}>
      <PageHeader
        title={t('shifts.title')}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
            <span>{formatLongDay(now, i18n.language, timeZone)}</span>
            <Box component="span" aria-hidden>
              ·
            </Box>
            <AccessTimeRoundedIcon sx={{ fontSize: 18 }} />
            <Box component="span" data-testid="shifts-clock" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {formatTime(now, i18n.language, timeZone)}
            </Box>
            <span>({timeZone})</span>
          </Box>
        }
        actions={
          isManager && (
            <Button variant="contained" startIcon={<GroupAddOutlinedIcon />} onClick={() => setDialog({ kind: 'assign' })} disabled={!canEdit}>
              {t('shifts.assign.open')}
            </Button>
          )
        }
      />

      <Card sx={{ px: 1 }}>
        <Tabs value={tab} onChange={(_event, value: Shift) => {
            setTab(value);
            setTabChosen(true);
          }} variant="fullWidth" aria-label={t('shifts.tabs.label')}>
          {SHIFTS.map((shift) => {
            const window = shiftTimeRange(shift);
            return (
              <Tab
                key={shift}
                value={shift}
                label={
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                    <span>{t(`shifts.tabs.${shift}`)}</span>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('shifts.timeRange', window)}
                    </Typography>
                  </Box>
                }
                sx={{ textTransform: 'none', fontWeight: 600, py: 1.5 }}
              />
            );
          })}
        </Tabs>
      </Card>

      <Box component="section" aria-labelledby="shift-heading">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography id="shift-heading" variant="h6" component="h2">
            {shiftLabel}
          </Typography>
          {inProgress && <Chip color="success" size="small" label={t('shifts.inProgress')} data-testid="shift-in-progress" />}
          {selected?.status === 'ended' && <Chip size="small" label={t('shifts.ended')} />}
          {selected?.startedAt && selected.status !== 'ended' && (
            <Chip size="small" variant="outlined" color="success" label={t('shifts.startedAt', { time: formatTime(selected.startedAt, i18n.language, timeZone) })} />
          )}
        </Box>

        {isLoading && !selected ? (
          <Box sx={gridSx}>
            <Skeleton variant="rounded" height={200} />
            <Skeleton variant="rounded" height={200} />
          </Box>
        ) : selected && selected.teams.length > 0 ? (
          <Box sx={gridSx}>
            {selected.teams.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                timeZone={timeZone}
                editable={canEdit}
                onEdit={() => setDialog({ kind: 'assign', team })}
                onRemove={() => onRemoveTeam(team)}
              />
            ))}
          </Box>
        ) : (
          <Card sx={{ py: 6, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
            <EventBusyOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
            <Typography sx={{ color: 'text.secondary' }} data-testid="shifts-empty">
              {t('shifts.empty')}
            </Typography>
            {canEdit && (
              <Button variant="outlined" startIcon={<GroupAddOutlinedIcon />} onClick={() => setDialog({ kind: 'assign' })}>
                {t('shifts.assign.open')}
              </Button>
            )}
          </Card>
        )}
      </Box>

      {action && (
        <Paper
          elevation={0}
          sx={{
            position: 'sticky',
            bottom: 16,
            zIndex: 2,
            p: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            border: 1,
            borderColor: 'divider',
            boxShadow: '0 8px 24px rgba(16, 24, 40, 0.10)',
          }}
        >
          <Typography variant="body2" sx={{ flex: 1, minWidth: 200, color: 'text.secondary' }} data-testid="shift-action-hint">
            {t(`shifts.hints.${action.hint}`, { ...range, minutes: selected?.lateAfterMinutes ?? SHIFT_LATE_AFTER_MINUTES })}
          </Typography>
          <Button
            size="large"
            variant="contained"
            color={action.label === 'start' ? 'success' : 'error'}
            startIcon={action.label === 'start' ? <PlayArrowRoundedIcon /> : <StopRoundedIcon />}
            disabled={action.disabled || busy}
            onClick={onAction}
            data-testid="shift-action"
            sx={{ minWidth: 200 }}
          >
            {t(`shifts.actions.${action.label}`)}
          </Button>
        </Paper>
      )}

      {dialog?.kind === 'assign' && selected && (
        <AssignTeamDialog
          key={dialog.team?.id ?? 'new'}
          shiftLabel={shiftLabel}
          initialName={dialog.team?.name ?? t('shifts.assign.defaultName', { number: selected.teams.length + 1 })}
          initialMemberIds={dialog.team?.members.map((member) => member.id) ?? []}
          taken={taken}
          people={people}
          loadingPeople={peopleLoading}
          saving={busy}
          editing={Boolean(dialog.team)}
          onSave={onSaveTeam}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'start' && selected && (
        <StartShiftDialog
          teams={selected.teams}
          lateAfterMinutes={selected.lateAfterMinutes}
          saving={busy}
          onConfirm={(memberIds) => void run(() => startShift(selected.date, selected.shift, memberIds), t('shifts.toast.started'), t('shifts.toast.actionFailed'))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'end' && selected && (
        <EndShiftDialog
          notStarted={notStarted}
          saving={busy}
          onConfirm={() => void run(() => endShift(selected.date, selected.shift), t('shifts.toast.ended'), t('shifts.toast.actionFailed'))}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
