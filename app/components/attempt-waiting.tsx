// A registration for a live exam before its start: no question yet (they are the exam's secret until
// then), when it starts, the resume code, and a page that opens the questions by itself at the start
// (a refresh, so it works without JavaScript) or with a tap on "শুরু হয়েছে?".
import { AttemptLiveNotes } from "~/components/live-start-form";

export type AttemptWaitingView = {
  waiting: true;
  title: string;
  self: string;
  displayName: string | null;
  startBn: string;
  live: { resumeCode: string | null; practice: boolean };
};

export function AttemptWaiting({ v }: { v: AttemptWaitingView }) {
  return (
    <div className="container exam-page attempt-page">
      <section id="attempt" className="attempt panel attempt-waiting" aria-labelledby="attempt-title">
        <h1 id="attempt-title">{v.title}</h1>
        <p className="notice info" role="status">
          {`${v.displayName ? `${v.displayName}, আপনার` : "আপনার"} নিবন্ধন হয়েছে। পরীক্ষা শুরু হবে ${v.startBn} (বাংলাদেশ সময়)। তখন এই পাতায় প্রশ্ন নিজে থেকেই খুলবে; পাতাটি খোলা রাখুন।`}
        </p>
        <p>আপনার সময় গোনা শুরু হবে আপনি প্রশ্ন খোলার মুহূর্ত থেকে; তবে সবার পরীক্ষা শেষ হবে নির্ধারিত সময়ে।</p>
        <AttemptLiveNotes {...v.live} />
        <p>
          <a className="btn" href={v.self}>
            শুরু হয়েছে? প্রশ্ন খুলুন
          </a>
        </p>
      </section>
    </div>
  );
}
