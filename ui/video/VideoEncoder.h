#pragma once
// Writes frames (QImage) to a video file through Debian's libavcodec,
// libavformat and libswscale, linked in: no encoder program has to be found at
// run time, and the pixel format and the GIF palette are ours to choose.
//
//   .mp4   H.264 (libx264), yuv420p: what every player and slide program opens.
//   .webm  VP9 (libvpx-vp9), yuv420p.
//   .gif   one palette of 256 colours made from the whole clip (median cut),
//          so the frames are held until finish() and quantised together.
//
// MP4 and WebM need an even width and height (yuv420p halves the chroma).
// The file is written under a temporary name beside the target and renamed
// on finish(): a failed or cancelled export (cancel(), or the encoder
// destroyed before finish) leaves no partial file.
#include <QImage>
#include <QSize>
#include <QString>
#include <memory>

struct AVFrame;

namespace impactlab::ui {

enum class VideoFormat { Mp4, WebM, Gif };

// The format named by the path's suffix (case-insensitive); false when the
// suffix is none of .mp4, .webm, .gif.
bool findVideoFormat(const QString& path, VideoFormat* format);
QString getVideoFormatName(VideoFormat format);   // "MP4 (H.264)", ...

struct VideoSettings {
    QSize size;          // pixels; frames of another size are scaled to it
    double fps = 30.0;   // frames per second of the file, > 0
};

class VideoEncoder {
public:
    VideoEncoder();
    ~VideoEncoder();   // cancels an encoder not finished
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // Opens the temporary file beside `path` and the encoder. False with
    // error() on a bad suffix, size or fps, or a file that cannot be created.
    bool open(const QString& path, const VideoSettings& settings);
    bool addFrame(const QImage& frame);
    // Flushes the encoder, closes the file and gives it its name.
    bool finish();
    // Closes and removes the temporary file.
    void cancel();

    QString error() const { return error_; }
    int frameCount() const { return frames_; }

private:
    struct Av;
    bool encodeFrame(AVFrame* frame);   // nullptr: flush
    bool encodeGif();
    bool fail(const QString& message);

    std::unique_ptr<Av> av_;
    QString path_, tempPath_, error_;
    VideoFormat format_ = VideoFormat::Mp4;
    VideoSettings settings_;
    int frames_ = 0;
};

}  // namespace impactlab::ui
