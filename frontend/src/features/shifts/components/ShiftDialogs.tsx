import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { retryableLazy } from '../../../lib/retryable-lazy';
import type { ShiftDay, ShiftTeam } from '../api/get-shifts';
import type { AssignTeamDialogProps } from './AssignTeamDialog';

// The shift dialogs (the team form's schemas, react-hook-form) load when one is first opened.
const AssignTeamDialog = retryableLazy(() => import('./AssignTeamDialog'), (module) => module.AssignTeamDialog);
const EndShiftDialog = retryableLazy(() => import('./EndShiftDialog'), (module) => module.EndShiftDialog);
const StartShiftDialog = retryableLazy(() => import('./StartShiftDialog'), (module) => module.StartShiftDialog);

export type ShiftDialog = { kind: 'assign'; team?: ShiftTeam } | { kind: 'start' } | { kind: 'end' } | null;

export interface ShiftDialogsProps extends Pick<AssignTeamDialogProps, 'shiftLabel' | 'taken' | 'people' | 'loadingPeople'> {
  dialog: ShiftDialog;
  /** The chosen day's shift: nothing opens without one. */
  selected: ShiftDay | undefined;
  busy: boolean;
  /** Members of the shift who have not checked in (the end dialog's warning). */
  notStarted: number;
  onSaveTeam: (name: string, memberIds: string[]) => void;
  onStart: (memberIds: string[]) => void;
  onEnd: () => void;
  onClose: () => void;
}

/** The shifts screen's open dialog: a team to add or change, or the start / end of the shift. */
export function ShiftDialogs({ dialog, selected, busy, notStarted, onSaveTeam, onStart, onEnd, onClose, ...team }: ShiftDialogsProps) {
  const { t } = useTranslation();
  if (!dialog || !selected) return null;
  if (dialog.kind === 'assign')
    return (
      <LazyDialog open>
        <AssignTeamDialog
          key={dialog.team?.id ?? 'new'}
          {...team}
          initialName={dialog.team?.name ?? t('shifts.assign.defaultName', { number: selected.teams.length + 1 })}
          initialMemberIds={dialog.team?.members.map((member) => member.id) ?? []}
          saving={busy}
          editing={Boolean(dialog.team)}
          onSave={onSaveTeam}
          onClose={onClose}
        />
      </LazyDialog>
    );
  if (dialog.kind === 'start')
    return (
      <LazyDialog open>
        <StartShiftDialog teams={selected.teams} lateAfterMinutes={selected.lateAfterMinutes} saving={busy} onConfirm={onStart} onClose={onClose} />
      </LazyDialog>
    );
  return (
    <LazyDialog open>
      <EndShiftDialog notStarted={notStarted} saving={busy} onConfirm={onEnd} onClose={onClose} />
    </LazyDialog>
  );
}
