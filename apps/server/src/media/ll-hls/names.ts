// The file names the packager writes and the playlist lists (relative to the stream's folder).

export const INIT_NAME = "init.mp4";
export const partName = (msn: number, index: number) => `s${msn}.p${index}.m4s`;
export const segmentName = (msn: number) => `s${msn}.m4s`;
