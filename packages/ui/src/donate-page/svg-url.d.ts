// `?no-inline`: Vite emits the file under a fingerprinted name and the import is its URL. Without it, files under
// 4 kB (every flag) would be inlined into the JavaScript as data URIs, and images are not to weigh on the first load.
declare module '*.svg?no-inline' {
  const url: string;
  export default url;
}
