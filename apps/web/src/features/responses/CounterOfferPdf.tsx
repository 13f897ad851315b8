import { useCallback, useEffect, useRef, useState } from 'react';
import type { OfferDocument } from '@portal/shared';
import { OfferDocumentView, type OfferDocumentMeta } from '../offers/OfferDocumentView';
import { ChangeList } from './ChangeList';
import { afterPaint, elementToPdf } from './pdf';

interface Props {
  original: OfferDocument;
  counter: OfferDocument;
  meta: OfferDocumentMeta;
  onDone: (pdf: Blob) => void;
  onError: (error: unknown) => void;
}

/** Renders the counter offer off screen (the read-only schedule and its changes), makes its PDF, reports once. */
export function CounterOfferPdf({ original, counter, meta, onDone, onError }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const reported = useRef(false);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        await afterPaint();
        const pdf = await elementToPdf(ref.current!);
        if (live && !reported.current) {
          reported.current = true;
          onDone(pdf);
        }
      } catch (error) {
        if (live && !reported.current) {
          reported.current = true;
          onError(error);
        }
      }
    })();
    return () => {
      live = false;
    };
    // Runs once per mount: the page mounts a new copy for each PDF.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="response-pdf-source" ref={ref} aria-hidden="true">
      <OfferDocumentView doc={counter} meta={meta} />
      <ChangeList original={original} counter={counter} />
    </div>
  );
}

interface Job {
  original: OfferDocument;
  counter: OfferDocument;
  meta: OfferDocumentMeta;
  resolve: (pdf: Blob) => void;
  reject: (error: unknown) => void;
}

/** `make` resolves with the PDF of a counter offer; render `element` somewhere in the page while it works. */
export function useCounterOfferPdf() {
  const [job, setJob] = useState<Job | null>(null);
  const make = useCallback(
    (original: OfferDocument, counter: OfferDocument, meta: OfferDocumentMeta) =>
      new Promise<Blob>((resolve, reject) => setJob({ original, counter, meta, resolve, reject })),
    [],
  );
  const element = job && (
    <CounterOfferPdf
      original={job.original}
      counter={job.counter}
      meta={job.meta}
      onDone={(pdf) => {
        setJob(null);
        job.resolve(pdf);
      }}
      onError={(error) => {
        setJob(null);
        job.reject(error);
      }}
    />
  );
  return { make, element };
}
