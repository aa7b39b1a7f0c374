import { useEffect, useState } from 'react';
import type * as ReactToastify from 'react-toastify';

export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';

interface PendingToast {
  type: ToastType;
  message: string;
}

type ToastModule = typeof ReactToastify;

const pending: PendingToast[] = [];
let wake: (() => void) | undefined;

/**
 * Shows a toast. react-toastify is loaded on the first toast only, so pages that never
 * show one (most public visits) never download it.
 */
export function notify(type: ToastType, message: string): void {
  pending.push({ type, message });
  wake?.();
}

function show(toastModule: ToastModule, { type, message }: PendingToast): void {
  const { toast } = toastModule;
  if (type === 'default') toast(message);
  else toast[type](message);
}

/** SPEC §9 defaults: top-right, 5000 ms, light theme, drag to dismiss at 80 %. */
export function ToastHost() {
  const [toastModule, setToastModule] = useState<ToastModule | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    wake = () => setGeneration((value) => value + 1);
    if (pending.length > 0) wake();
    return () => {
      wake = undefined;
    };
  }, []);

  useEffect(() => {
    if (pending.length === 0) return;
    if (!toastModule) {
      import('react-toastify').then((loaded) => setToastModule(loaded));
      return;
    }
    for (const toast of pending.splice(0)) show(toastModule, toast);
  }, [generation, toastModule]);

  if (!toastModule) return null;
  const { ToastContainer } = toastModule;
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      theme="light"
      draggable
      draggablePercent={80}
    />
  );
}
