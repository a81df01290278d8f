#pragma once
// The 3D impulse curve (Jia & Wang Fig. 5) as a widget: a VtkView whose scene
// is an ImpulseCurveRenderer. Drag to turn (about I_n, which stays up),
// shift-drag or middle-drag to pan, right-drag or wheel to zoom, double-click
// to frame the curve again (VtkView's mouse handling).
#include "diagram/Hodograph.h"
#include "render/VtkView.h"

#include <memory>

namespace impactlab::ui {

class ImpulseCurveRenderer;

class ImpulseCurveView : public VtkView {
    Q_OBJECT

public:
    explicit ImpulseCurveView(QWidget* parent = nullptr);
    ~ImpulseCurveView() override;

    /// Shows `curve` and frames it.
    void setCurve(const ImpulseCurve3D& curve);
    void clear();
    bool hasCurve() const { return hasCurve_; }

    /// renderToImage() saved as PNG (false without an X display for VTK).
    bool exportPng(const QString& path) { return saveImage(path); }

private:
    std::unique_ptr<ImpulseCurveRenderer> renderer_;
    bool hasCurve_ = false;
};

}  // namespace impactlab::ui
