import { describe, expect, it } from 'vitest';
import { stripIsolates } from '@portal/shared';
import { i18n } from '../i18n';
import { ApiError } from './http';
import { uploadFailedText } from './uploadFailure';

describe('uploadFailedText: the spec sentence, then why', () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');
  const said = (why: unknown, t = en) => stripIsolates(uploadFailedText('minutes.exe', t, why));

  it('names the accepted types for a refused type, in the browser or by the server (415)', () => {
    expect(said('type')).toMatch(/^minutes\.exe file upload failed\. Accepted file types: XLSX, XLS, PNG, .*PDF/);
    expect(said(new ApiError(415, 'minutes.exe file upload failed.', 'UNSUPPORTED_MEDIA_TYPE'))).toBe(said('type'));
  });

  it('names the size limit for a file too large (413)', () => {
    expect(said('size')).toBe('minutes.exe file upload failed. A file can be up to 10 MB.');
    expect(said(new ApiError(413, 'x', 'PAYLOAD_TOO_LARGE'))).toBe(said('size'));
    expect(said('size', ar)).toBe('تعذّر رفع الملف minutes.exe. الحد الأقصى لحجم الملف 10 ميغابايت.');
  });

  it('adds a known refusal in the interface language, and nothing for an unknown failure', () => {
    expect(said(new ApiError(429, 'Too many', 'UPLOAD_RATE_LIMITED'))).toBe(
      'minutes.exe file upload failed. Too many files uploaded in a minute. Please wait a moment.',
    );
    expect(said(new Error('network'))).toBe('minutes.exe file upload failed.');
    expect(said(undefined)).toBe('minutes.exe file upload failed.');
  });
});
