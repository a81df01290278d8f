#pragma once
// An open scene page played along its timeline into a video file: each frame
// is the page's own 3D view rendered off screen at the requested size (never
// a grab of the screen, so the window may be hidden or covered), with a
// caption carrying the scene's name, its law and the time.
//
// Time: frame k shows scene time from + k * speed / fps, for
// round((to - from) / speed * fps) frames, so the file lasts (to - from) / speed
// seconds and each frame shows the start of its interval. speed < 1 is slow
// motion.
//
// Views: "3d", the 3D view alone; "diagram-beside", the 3D view on the left
// and on the right the page's diagram (the impulse diagram when the page has
// one, else its current tab) of the last impact at or before the frame's time.
#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <vector>

namespace impactlab::ui {

class ScenePage;

enum class AnimationView { View3d, DiagramBeside };

// False for a name that is neither "3d" nor "diagram-beside".
bool findAnimationView(const QString& name, AnimationView* view);

struct AnimationRequest {
    QSize size{1280, 720};   // pixels of the file
    double fps = 30.0;       // > 0
    double speed = 1.0;      // scene seconds per file second, > 0
    double from = 0.0;       // s, scene time
    double to = -1.0;        // s; < 0: the run's end
    AnimationView view = AnimationView::View3d;
    // Filled by checkAnimationRequest: the times of the run's impacts (s), for
    // the diagram beside the 3D view to follow.
    std::vector<double> impactTimes;
};

// The request checked against the page (a timeline, the span inside the
// run); "" when it can be animated, else one line naming the problem. A
// negative `to` is replaced by the run's end.
QString checkAnimationRequest(const ScenePage& page, AnimationRequest* request);
int calcAnimationFrameCount(const AnimationRequest& request);
double calcAnimationFrameTime(const AnimationRequest& request, int frame);

// Frame `frame` of the animation: the page moved to its time and drawn.
QImage renderAnimationFrame(ScenePage& page, const AnimationRequest& request, int frame);

// Every frame into `path` (the format by its suffix, video/VideoEncoder.h).
// `progress(done, total)` is called after each frame; returning false cancels.
// False with `error` on a failure or a cancel; no file is left behind then.
bool writeAnimation(ScenePage& page, const AnimationRequest& request, const QString& path,
                    const std::function<bool(int, int)>& progress, QString* error);

}  // namespace impactlab::ui
