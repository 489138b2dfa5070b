import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface PhotoPickerProps {
  /** The control that opens the camera or the gallery (gets `onClick`). */
  children: (open: () => void) => ReactNode;
  onPicked: (files: File[]) => void;
  multiple?: boolean;
}

/** A hidden file input for pictures: on a phone it offers the camera (back camera first) and the gallery. */
export function PhotoPicker({ children, onPicked, multiple = false }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {children(() => input.current?.click())}
      <Box
        component="input"
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={multiple}
        hidden
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onPicked(files);
        }}
      />
    </>
  );
}

/** An object URL for a blob kept on the phone, revoked when no longer shown. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export interface ThumbProps {
  src?: string;
  blob?: Blob;
  alt: string;
  size?: number;
  /** A photo not yet sent: marked with a dashed border. */
  waiting?: boolean;
}

/** A square thumbnail from a URL or from a blob on the phone. */
export function Thumb({ src, blob, alt, size = 64, waiting = false }: ThumbProps) {
  const local = useObjectUrl(blob);
  return (
    <Box
      component="img"
      src={src ?? local}
      alt={alt}
      loading="lazy"
      sx={{
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 1.5,
        bgcolor: 'grey.100',
        display: 'block',
        border: waiting ? '2px dashed' : '1px solid',
        borderColor: waiting ? 'warning.main' : 'divider',
      }}
    />
  );
}
