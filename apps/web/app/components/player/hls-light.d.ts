// hls.js ships one declaration file for both builds; the light build has the same API minus
// alternate audio, subtitles and DRM, which the player does not use.
declare module "hls.js/light" {
  import Hls from "hls.js";
  export default Hls;
}
