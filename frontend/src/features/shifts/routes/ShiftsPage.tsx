import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AccessTimeRoundedIcon from '#icons/AccessTimeRounded';
import GroupAddOutlinedIcon from '#icons/GroupAddOutlined';
import { useTranslation } from 'react-i18next';
import { isManagerRole } from '#shared/enums';
import { SHIFT_LATE_AFTER_MINUTES, isShiftInProgress, shiftTimeRange, zonedTime, type Shift } from '#shared/rules';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { formatClock } from '../../../lib/intl';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { shiftsKey, type ShiftDay, type ShiftTeam } from '../api/get-shifts';
import { TEAM_KEY, useTeamMembers } from '../api/get-team-members';
import type { FirstReads } from '../../../lib/first-reads';
import { assignShift, endShift, startShift } from '../api/update-shift';
import { ShiftActionBar } from '../components/ShiftActionBar';
import { ShiftTabs } from '../components/ShiftTabs';
import { ShiftTeamsSection } from '../components/ShiftTeamsSection';
import { ShiftWeekStrip, formatDate } from '../components/ShiftWeekStrip';
import { useNow } from '../hooks/use-now';
import { useShiftWeek } from '../hooks/use-shift-week';
import { formatLongDay, formatTime } from '../utils/format';
import { defaultShift, shiftAction } from '../utils/shift-action';
import { zoneName } from '../../../lib/zone-name';
import { ShiftDialogs, type ShiftDialog } from '../components/ShiftDialogs';

const DEFAULT_TIME_ZONE = 'America/New_York';


/**
 * What the shifts' first render shows (app/boot.ts loads it before React draws): the week in the
 * address (this week: GET /api/shifts, whatever today is); the team for the CEO and managers.
 */
export const firstReads: FirstReads = ({ search }, user) => {
  const week = new URLSearchParams(search).get('week');
  return [shiftsKey(week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : undefined), ...(isManagerRole(user.role) ? [TEAM_KEY] : [])];
};

/**
 * Turnos: a week of shifts in the company's time zone (Monday to Sunday, previous / next week,
 * today marked; `?week=` and `?day=` keep the choice). Under it the chosen day's tabs Manhã / Tarde /
 * Noite, team cards with members and attendance, "Em andamento" while the selected shift runs, and
 * the bottom button (Iniciar Turno / Encerrar Turno), enabled only inside the shift. Teams can be
 * scheduled for today and the days after. The clock refreshes every 60 s.
 */
export default function ShiftsPage() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const { company } = useCompanies();
  const now = useNow(60_000);
  const zoneKnown = company?.timezone;
  const local = zonedTime(now, zoneKnown ?? DEFAULT_TIME_ZONE);
  const week = useShiftWeek(local.date);
  const { shifts, isLoading, data } = week;
  const timeZone = zoneKnown ?? data?.timezone ?? DEFAULT_TIME_ZONE;
  const [tab, setTab] = useState<Shift>(() => defaultShift(new Date(), timeZone));
  const [tabChosen, setTabChosen] = useState(false);
  const [dialog, setDialog] = useState<ShiftDialog>(null);
  const [busy, setBusy] = useState(false);

  const isManager = Boolean(user && isManagerRole(user.role));
  const { members: people, isLoading: peopleLoading } = useTeamMembers(isManager);

  // The company's time zone arrives with the company: open the tab of its current shift.
  useEffect(() => {
    if (!tabChosen) setTab(defaultShift(new Date(), timeZone));
  }, [timeZone, tabChosen]);

  const day = week.selectedDay;
  const selected: ShiftDay | undefined = shifts.find((shift) => shift.date === day && shift.shift === tab);
  const inProgress = Boolean(selected && selected.date === local.date && isShiftInProgress(tab, local.hour));
  const action = selected && user ? shiftAction(selected, user, local.date, local.hour) : undefined;
  const canEdit = isManager && selected !== undefined && selected.status !== 'ended';
  const window = shiftTimeRange(tab);
  const range = { start: formatClock(window.start, i18n.language), end: formatClock(window.end, i18n.language) };
  const dayName = day ? (day === local.date ? t('shifts.week.today') : formatDate(day, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })) : '';
  const shiftLabel = `${dayName ? `${dayName} · ` : ''}${t(`shifts.tabs.${tab}`)} (${t('shifts.timeRange', range)})`;

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
            <span>({zoneName(t, timeZone)})</span>
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

      <ShiftWeekStrip
        days={week.days}
        today={local.date}
        selected={day ?? ''}
        teamsByDay={week.teamsByDay}
        onSelect={week.selectDay}
        onPrevious={week.previousWeek}
        onThisWeek={week.thisWeek}
        onNext={week.nextWeek}
        disabled={!data}
      />

      <ShiftTabs
        value={tab}
        onChange={(value) => {
          setTab(value);
          setTabChosen(true);
        }}
      />

      <ShiftTeamsSection
        shiftLabel={shiftLabel}
        selected={selected}
        isLoading={isLoading}
        inProgress={inProgress}
        canEdit={canEdit}
        timeZone={timeZone}
        onAssign={(team) => setDialog({ kind: 'assign', team })}
        onRemove={onRemoveTeam}
      />

      {action && (
        <ShiftActionBar
          action={action}
          hint={t(`shifts.hints.${action.hint}`, { ...range, minutes: selected?.lateAfterMinutes ?? SHIFT_LATE_AFTER_MINUTES })}
          busy={busy}
          onAction={onAction}
        />
      )}

      <ShiftDialogs
        dialog={dialog}
        selected={selected}
        shiftLabel={shiftLabel}
        taken={taken}
        people={people}
        loadingPeople={peopleLoading}
        busy={busy}
        notStarted={notStarted}
        onSaveTeam={onSaveTeam}
        onStart={(memberIds) => selected && void run(() => startShift(selected.date, selected.shift, memberIds), t('shifts.toast.started'), t('shifts.toast.actionFailed'))}
        onEnd={() => selected && void run(() => endShift(selected.date, selected.shift), t('shifts.toast.ended'), t('shifts.toast.actionFailed'))}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
