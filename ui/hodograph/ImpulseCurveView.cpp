#include "ImpulseCurveView.h"

#include <QColor>

#include "plus/FigureView.h"
#include "render/ImpulseCurveRenderer.h"

namespace impactlab::ui {

ImpulseCurveView::ImpulseCurveView(QWidget* parent)
    : VtkView(parent), renderer_(std::make_unique<ImpulseCurveRenderer>(*this)) {}

// The renderer detaches from the view (still alive here) before VtkView's
// destructor releases the GL resources.
ImpulseCurveView::~ImpulseCurveView() { renderer_.reset(); }

void ImpulseCurveView::setCurve(const ImpulseCurve3D& curve) {
    renderer_->setCurve(curve);
    curveCount_ = 1;
}

void ImpulseCurveView::setOverlay(const std::vector<ImpulseCurve3D>& curves, const QStringList& labels) {
    std::vector<ImpulseCurveRenderer::OverlayKey> keys;
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const QColor c = FigureView::paletteColor(static_cast<int>(i));
        keys.push_back({labels.value(static_cast<int>(i)).toStdString(), Eigen::Vector3d(c.redF(), c.greenF(), c.blueF())});
    }
    renderer_->setOverlay(curves, keys);
    curveCount_ = static_cast<int>(curves.size());
}

void ImpulseCurveView::clear() {
    renderer_->clear();
    curveCount_ = 0;
}

}  // namespace impactlab::ui
