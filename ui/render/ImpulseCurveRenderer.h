#pragma once
// The 3D impulse curve of one impact (Jia & Wang Fig. 5) in a VtkView: the
// path of the impulse I = (I_t1, I_t2, I_n) in the contact frame, the plane of
// compression n^T W I + v_n^- = 0 as a translucent patch, the line of sticking
// (eq. 35), the points I_c (end of compression), I_s (stick or slip
// resumption) and I_r (the total impulse), and labelled axes through the
// origin. Maps core/diagram/Hodograph.h's ImpulseCurve3D to actors; computes
// only where the plane and the line cross the view box.
//
// Axes keep equal scales (impulse space has one unit), z (I_n) is up.
// No VTK type appears here.
#include <Eigen/Core>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "diagram/Hodograph.h"

namespace impactlab::ui {

class VtkView;

class ImpulseCurveRenderer {
public:
    /// Sets up `view`'s background and lights and takes over its camera reset.
    explicit ImpulseCurveRenderer(VtkView& view);
    ~ImpulseCurveRenderer();

    ImpulseCurveRenderer(const ImpulseCurveRenderer&) = delete;
    ImpulseCurveRenderer& operator=(const ImpulseCurveRenderer&) = delete;

    /// Replaces what is shown; frames the camera on it.
    void setCurve(const ImpulseCurve3D& curve);
    /// A text and colour (RGB in [0, 1]) of the key, top left.
    using OverlayKey = std::pair<std::string, Eigen::Vector3d>;
    /// One curve per value of a parameter overlay, each in its
    /// key's colour with its marked points, the key naming the values; the
    /// plane of compression and the line of sticking once per distinct one.
    void setOverlay(const std::vector<ImpulseCurve3D>& curves, const std::vector<OverlayKey>& keys);
    /// Shows nothing but the background.
    void clear();
    void resetCamera();

    static Eigen::Vector3d curveColor();
    static Eigen::Vector3d planeColor();
    static Eigen::Vector3d stickingLineColor();
    static Eigen::Vector3d axisColor();

private:
    // `keys` empty: one curve, drawn as the scene's own.
    void show(const std::vector<ImpulseCurve3D>& curves, const std::vector<OverlayKey>& keys);

    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui
