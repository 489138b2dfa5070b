// A phone camera's picture is often 4-10 MB: kept on the phone and sent on a weak signal, a JPEG of
// at most 2048 px on its long side (about 0.5 MB) does the job. Pictures the browser cannot decode
// (HEIC on most browsers) and small ones are kept as they are.
const MAX_SIDE = 2048;
const SMALL_BYTES = 1_000_000;

export async function shrinkPhoto(file: Blob): Promise<{ photo: Blob; contentType: string }> {
  const original = { photo: file, contentType: file.type || 'image/jpeg' };
  if (file.size <= SMALL_BYTES || typeof createImageBitmap !== 'function') return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? { photo: blob, contentType: 'image/jpeg' } : original;
  } catch {
    return original;
  }
}
