#pragma once
// The 3D impulse curve (Jia & Wang Fig. 5) as a widget: a VtkView whose scene
// is an ImpulseCurveRenderer. Drag to turn (about I_n, which stays up),
// shift-drag or middle-drag to pan, right-drag or wheel to zoom, double-click
// to frame the curve again (VtkView's mouse handling).
#include "diagram/Hodograph.h"
#include "render/VtkView.h"

#include <QStringList>
#include <memory>
#include <vector>

namespace impactlab::ui {

class ImpulseCurveRenderer;

class ImpulseCurveView : public VtkView {
    Q_OBJECT

public:
    explicit ImpulseCurveView(QWidget* parent = nullptr);
    ~ImpulseCurveView() override;

    /// Shows `curve` and frames it.
    void setCurve(const ImpulseCurve3D& curve);
    /// One curve per value of a parameter overlay, each in its
    /// value's palette colour (FigureView::paletteColor), the key naming
    /// `labels`; frames them.
    void setOverlay(const std::vector<ImpulseCurve3D>& curves, const QStringList& labels);
    void clear();
    bool hasCurve() const { return curveCount_ > 0; }
    /// How many curves are drawn: one, one per overlay value, or none.
    int curveCount() const { return curveCount_; }

    /// renderToImage() saved as PNG (false without an X display for VTK).
    bool exportPng(const QString& path) { return saveImage(path); }

private:
    std::unique_ptr<ImpulseCurveRenderer> renderer_;
    int curveCount_ = 0;
};

}  // namespace impactlab::ui
