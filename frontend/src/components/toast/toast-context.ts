import { createContext, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** `destructive` for failures (red); `default` for everything else. */
  variant?: ToastVariant;
  /** Optional accent for default toasts (e.g. `success`); destructive toasts are always `error`. */
  severity?: Exclude<AlertColor, 'error'>;
  /** Display time in ms; 5000 unless given (SPEC point 9). */
  duration?: number;
}

export interface ToastHandle {
  id: number;
  dismiss: () => void;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen (at most 1 is visible). */
  toast: (options: ToastOptions) => ToastHandle;
  /** Hides the toast on screen, if any. */
  dismiss: () => void;
}

export const TOAST_DURATION_MS = 5000;

export const ToastContext = createContext<ToastApi | null>(null);
